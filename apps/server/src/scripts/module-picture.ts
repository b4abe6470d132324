// Redraws the README's module picture from the code (test/module-picture.test.ts checks it).
import fs from 'node:fs';
import { modulePicture, readmePath, withPicture } from '../test/module-picture';

fs.writeFileSync(readmePath, withPicture(fs.readFileSync(readmePath, 'utf8'), modulePicture()));
process.stdout.write(`${modulePicture()}\n`);
