// The difference of two texts word by word, for showing what an edit changed: the words (and the
// spaces after them) both share, those only the first has, and those only the second has. The
// common start and end are taken off first, so a small edit of a long text stays cheap; a middle
// too long to compare word by word counts as replaced whole.

export type DiffPart = { text: string; kind: 'same' | 'removed' | 'added' };

/** Above this many word pairs the middle is not compared word by word. */
const MAX_CELLS = 1_000_000;

const wordsOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else if (part.text !== '') out.push({ ...part });
  }
  return out;
}

/** The parts of `before` and `after`, in order: each side's text is its own parts joined. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  ) {
    end++;
  }
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  const head: DiffPart = { text: a.slice(0, start).join(''), kind: 'same' };
  const tail: DiffPart = { text: a.slice(a.length - end).join(''), kind: 'same' };
  if (x.length * y.length > MAX_CELLS) {
    const middle: DiffPart[] = [
      { text: x.join(''), kind: 'removed' },
      { text: y.join(''), kind: 'added' },
    ];
    return merge([head, ...middle, tail]);
  }
  // Longest common subsequence of the middles' words, then walked from the start.
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i]![j] =
        x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const middle: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      middle.push({ text: x[i]!, kind: 'same' });
      i++;
      j++;
    } else if (i < x.length && (j === y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // What went comes before what replaced it.
      middle.push({ text: x[i]!, kind: 'removed' });
      i++;
    } else {
      middle.push({ text: y[j]!, kind: 'added' });
      j++;
    }
  }
  return merge([head, ...middle, tail]);
}
