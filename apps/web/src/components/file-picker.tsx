import { useRef } from 'react';

/**
 * A hidden file input opened by a button of the caller's (`open`): the file chosen goes to
 * `onFile`, and the input is emptied so that choosing the same file again is a change too.
 * `input` is the element to render; `label` names it to assistive technology.
 */
export function useFilePicker({
  accept,
  label,
  testId,
  onFile,
}: {
  accept: string;
  label: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      aria-label={label}
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
