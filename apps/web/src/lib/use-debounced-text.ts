import { useEffect, useState } from 'react';

export interface DebouncedTextOptions {
  /** How long typing must pause before the text settles (ms). */
  delayMs?: number;
  /** What the settled text is made of the typed one (e.g. trimmed). */
  normalize?: (text: string) => string;
  /** Checked when the delay ends: false drops the text (e.g. the user has left the page). */
  canSettle?: () => boolean;
}

const same = (text: string) => text;
const always = () => true;

/**
 * Text typed into a box that reaches `onSettle` only once typing pauses, so a search or filter
 * asks the server once per word rather than once per key. `value` is the settled text: when it
 * changes from outside (a cleared filter, the URL on back/forward) the box shows it.
 */
export function useDebouncedText(
  value: string,
  onSettle: (text: string) => void,
  { delayMs = 300, normalize = same, canSettle = always }: DebouncedTextOptions = {},
) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    // The text the box holds already settles to this value: keep what the user typed.
    if (normalize(text) !== value) setText(value);
  }
  useEffect(() => {
    const next = normalize(text);
    if (next === value) return;
    const timer = setTimeout(() => {
      if (canSettle()) onSettle(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSettle, normalize, canSettle, delayMs]);
  return { text, setText };
}
