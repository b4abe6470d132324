import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useToastsBelow } from './use-toasts-below';

function Bar({ bottom }: { bottom: number }) {
  const ref = useRef<HTMLElement>(null);
  useToastsBelow(ref);
  return (
    <header
      ref={(el) => {
        // jsdom lays nothing out: the bar says where it ends.
        if (el) el.getBoundingClientRect = () => ({ bottom }) as DOMRect;
        ref.current = el;
      }}
    />
  );
}

const toastTop = () => document.documentElement.style.getPropertyValue('--kopi-toast-top');

describe('useToastsBelow', () => {
  it('starts the toasts 8 px below the bar while it is on screen, and gives the place back', () => {
    const { unmount } = render(<Bar bottom={64} />);
    expect(toastTop()).toBe('72px');
    unmount();
    expect(toastTop()).toBe('');
  });
});
