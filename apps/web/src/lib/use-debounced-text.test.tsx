import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedText } from './use-debounced-text';

const trim = (text: string) => text.trim();

describe('useDebouncedText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles the text once typing pauses for the delay', () => {
    const onSettle = vi.fn();
    const { result } = renderHook(() => useDebouncedText('', onSettle));
    act(() => result.current.setText('k'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setText('ko'));
    act(() => vi.advanceTimersByTime(299));
    expect(onSettle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('ko');
    expect(result.current.text).toBe('ko');
  });

  it('does not settle text that is already the value', () => {
    const onSettle = vi.fn();
    const { result } = renderHook(() => useDebouncedText('latte', onSettle));
    act(() => result.current.setText('latt'));
    act(() => result.current.setText('latte'));
    act(() => vi.advanceTimersByTime(500));
    expect(onSettle).not.toHaveBeenCalled();
  });

  it('settles the normalized text and keeps what was typed in the box', () => {
    const onSettle = vi.fn();
    const { result, rerender } = renderHook(
      ({ value }) => useDebouncedText(value, onSettle, { normalize: trim }),
      { initialProps: { value: '' } },
    );
    act(() => result.current.setText('iced '));
    act(() => vi.advanceTimersByTime(300));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('iced');
    rerender({ value: 'iced' });
    expect(result.current.text).toBe('iced ');
  });

  it('shows a value changed from outside', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedText(value, vi.fn()), {
      initialProps: { value: 'mocha' },
    });
    rerender({ value: '' });
    expect(result.current.text).toBe('');
  });

  it('drops the text when it may no longer settle', () => {
    const onSettle = vi.fn();
    const { result } = renderHook(() => useDebouncedText('', onSettle, { canSettle: () => false }));
    act(() => result.current.setText('teh'));
    act(() => vi.advanceTimersByTime(300));
    expect(onSettle).not.toHaveBeenCalled();
  });
});
