import type { ButtonHTMLAttributes, JSX } from 'preact';

interface FocusableButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  /** Not to be pressed now (its action runs, is done, or has nothing to act on). */
  unavailable: boolean;
}

/**
 * A button that keeps the keyboard focus while it may not be pressed.
 * `disabled` on the focused button drops the focus to <body> (Chromium blurs
 * it), so a keyboard user who pressed "Send" would lose their place in the
 * page; `aria-disabled` tells assistive tech the same, and the press (or the
 * form submission it would start) is ignored meanwhile.
 */
export function FocusableButton({ unavailable, onClick, ...props }: FocusableButtonProps): JSX.Element {
  return (
    <button
      {...props}
      aria-disabled={unavailable || undefined}
      onClick={(event) => {
        if (unavailable) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
