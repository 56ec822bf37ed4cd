import { Fragment } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { KEYBOARD_SHORTCUTS, type KeyboardShortcut } from '@/features/videos/player/keyboard-shortcuts';
import './player.css';

/**
 * The "Keyboard shortcuts" help (`?`): every key the player answers to, or the keys of a page
 * that answers to some of them (`shortcuts`, e.g. the compare page).
 */
export function KeyboardShortcutsDialog({
  open,
  onClose,
  shortcuts = KEYBOARD_SHORTCUTS,
}: {
  open: boolean;
  onClose: () => void;
  shortcuts?: readonly KeyboardShortcut[];
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="They work anywhere on the page except while you type."
      testId="keyboard-shortcuts-dialog"
    >
      <dl className="shortcut-list">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.action} className="shortcut-list__row">
            <dt className="shortcut-list__keys">
              {shortcut.keys.map((combination, index) => (
                <Fragment key={combination.join('+')}>
                  {index > 0 && <span className="shortcut-list__or"> or </span>}
                  {combination.map((key, keyIndex) => (
                    <Fragment key={key}>
                      {keyIndex > 0 && ' + '}
                      <kbd>{key}</kbd>
                    </Fragment>
                  ))}
                </Fragment>
              ))}
            </dt>
            <dd className="shortcut-list__description">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
