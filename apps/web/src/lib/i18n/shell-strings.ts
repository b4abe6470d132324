import { enShell } from './en-shell';
import { addShellStrings } from './i18n';

// Imported by the default shell: registers its English strings before anything renders.
addShellStrings(enShell);
