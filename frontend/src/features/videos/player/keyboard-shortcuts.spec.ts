import { describe, expect, it } from '@jest/globals';
import { actionForKey, KEYBOARD_SHORTCUTS, type KeyCombination } from '@/features/videos/player/keyboard-shortcuts';

const KEY_OF_LABEL: Record<string, string> = { Space: ' ', '←': 'ArrowLeft', '→': 'ArrowRight' };

/** The key event a combination from the help stands for. */
function pressOf(combination: KeyCombination) {
  const shiftKey = combination.includes('Shift');
  const label = combination.filter((key) => key !== 'Shift')[0] ?? '';
  const key = KEY_OF_LABEL[label] ?? (label.length === 1 ? label.toLowerCase() : label);
  return { key, shiftKey, altKey: false, ctrlKey: false, metaKey: false };
}

describe('keyboard shortcuts', () => {
  it('does what the help says for every key it lists', () => {
    for (const shortcut of KEYBOARD_SHORTCUTS) {
      for (const combination of shortcut.keys) {
        expect([combination.join('+'), actionForKey(pressOf(combination))]).toEqual([
          combination.join('+'),
          shortcut.action,
        ]);
      }
    }
  });

  it('lists every action once', () => {
    const actions = KEYBOARD_SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(actions).size).toBe(actions.length);
  });

  it('reads letters in either case, ? as help and leaves other keys alone', () => {
    const press = (key: string, extra: Partial<KeyboardEvent> = {}) =>
      actionForKey({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...extra });
    expect(press('J', { shiftKey: true })).toBe('slowerOrBack');
    expect(press('?', { shiftKey: true })).toBe('help');
    expect(press('ArrowLeft')).toBe('previousFrame');
    expect(press('ArrowRight', { shiftKey: true })).toBe('forwardSecond');
    expect(press('a')).toBeNull();
    expect(press('Enter')).toBeNull();
    // The browser's and the system's own shortcuts (Ctrl+L, Cmd+F, Alt+←) stay theirs.
    expect(press('l', { ctrlKey: true })).toBeNull();
    expect(press('f', { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
  });
});
