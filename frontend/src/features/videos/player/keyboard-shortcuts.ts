/**
 * The player's keyboard shortcuts: one list, read both by the key handler and by the
 * "Keyboard shortcuts" help, so the help can never disagree with what the keys do.
 */

export type PlayerAction =
  | 'togglePlay'
  | 'pause'
  | 'playOrFaster'
  | 'slowerOrBack'
  | 'previousFrame'
  | 'nextFrame'
  | 'backSecond'
  | 'forwardSecond'
  | 'loopStart'
  | 'loopEnd'
  | 'fullscreen'
  | 'help';

/** A key as the help shows it; a combination is several keys pressed together. */
export type KeyCombination = string[];

export type KeyboardShortcut = {
  action: PlayerAction;
  /** Alternatives: any one of them does it. */
  keys: KeyCombination[];
  description: string;
};

export const KEYBOARD_SHORTCUTS: readonly KeyboardShortcut[] = [
  { action: 'togglePlay', keys: [['Space']], description: 'Play or pause' },
  { action: 'pause', keys: [['K']], description: 'Pause' },
  { action: 'playOrFaster', keys: [['L']], description: 'Play; while playing, the next faster speed' },
  {
    action: 'slowerOrBack',
    keys: [['J']],
    description: 'While playing, the next slower speed; while paused, one frame back',
  },
  { action: 'previousFrame', keys: [[','], ['←']], description: 'Previous frame' },
  { action: 'nextFrame', keys: [['.'], ['→']], description: 'Next frame' },
  { action: 'backSecond', keys: [['Shift', '←']], description: 'One second back' },
  { action: 'forwardSecond', keys: [['Shift', '→']], description: 'One second forward' },
  { action: 'loopStart', keys: [['[']], description: 'Set loop start at the current frame' },
  { action: 'loopEnd', keys: [[']']], description: 'Set loop end at the current frame' },
  { action: 'fullscreen', keys: [['F']], description: 'Fullscreen on or off' },
  { action: 'help', keys: [['?']], description: 'Show these keyboard shortcuts' },
];

type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

/** The player action a key press asks for, or null (browser and system shortcuts stay theirs). */
export function actionForKey(press: KeyPress): PlayerAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  switch (press.key) {
    case ' ':
      return 'togglePlay';
    case 'k':
    case 'K':
      return 'pause';
    case 'l':
    case 'L':
      return 'playOrFaster';
    case 'j':
    case 'J':
      return 'slowerOrBack';
    case ',':
      return 'previousFrame';
    case '.':
      return 'nextFrame';
    case 'ArrowLeft':
      return press.shiftKey ? 'backSecond' : 'previousFrame';
    case 'ArrowRight':
      return press.shiftKey ? 'forwardSecond' : 'nextFrame';
    case '[':
      return 'loopStart';
    case ']':
      return 'loopEnd';
    case 'f':
    case 'F':
      return 'fullscreen';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** Roles whose widgets use the arrow keys themselves. */
const ARROW_ROLES = new Set(['slider', 'tab', 'menuitem', 'menuitemradio', 'radio', 'option', 'listbox', 'spinbutton']);

/** Something the key belongs to where it was pressed: a text field, or Space on a button or link. */
export function targetKeepsKey(target: EventTarget | null, key: string): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  const role = target.getAttribute('role');
  if ((key === 'ArrowLeft' || key === 'ArrowRight') && role !== null && ARROW_ROLES.has(role)) return true;
  if (key === ' ') {
    // Space presses the focused button, link or summary.
    return ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName) || role === 'button' || role === 'link';
  }
  return false;
}
