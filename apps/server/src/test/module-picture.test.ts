import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  modulePicture,
  PICTURE_END,
  PICTURE_START,
  pictureInReadme,
  readmePath,
  withPicture,
} from './module-picture';

// The README's module picture is the code's: redraw it with `npm run module-picture -w @kopi/server`.

describe("the README's module picture", () => {
  it('is the one the imports draw today', () => {
    const readme = fs.readFileSync(readmePath, 'utf8');
    expect(pictureInReadme(readme), 'run `npm run module-picture -w @kopi/server`').toBe(
      modulePicture(),
    );
  });

  it('names the modules each module imports, and the composition', () => {
    const lines = modulePicture().split('\n');
    // Written out from the code: the customer app's channel reaches the order core and payments.
    const mobile = lines.find((line) => line.startsWith('mobile '));
    expect(mobile).toMatch(/→ .*\borders\b/);
    expect(mobile).toMatch(/\bpayments\b/);
    // A module that imports no other one shows a dash.
    expect(lines.find((line) => line.startsWith('health '))).toMatch(/→ —$/);
    expect(lines.some((line) => line.startsWith('(composition) '))).toBe(true);
  });

  it('is replaced between its markers and nowhere else', () => {
    const readme = `intro\n${PICTURE_START}\nold\n${PICTURE_END}\noutro\n`;
    const redrawn = withPicture(readme, 'new');
    expect(redrawn).toBe(`intro\n${PICTURE_START}\nnew\n${PICTURE_END}\noutro\n`);
    expect(pictureInReadme(redrawn)).toBe('new');
    expect(pictureInReadme('no markers')).toBeNull();
  });
});
