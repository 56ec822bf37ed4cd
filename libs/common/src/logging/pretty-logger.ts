import { EntryLogger, type LogEntry, type LogThreshold } from './log-entry.js';

/** The variables of the no-color.org and FORCE_COLOR conventions, as the app's config parsed them. */
export interface ColorSettings {
  NO_COLOR?: string;
  FORCE_COLOR?: string;
}

// Node's own reading of FORCE_COLOR: these values ask for colour, any other (0, false) for none.
const FORCE_COLOR_ON = new Set(['', '1', '2', '3', 'true']);

/** Colour when the output is a terminal or FORCE_COLOR asks for it; never when NO_COLOR is set. */
export function colorEnabled(settings: ColorSettings, isTTY: boolean): boolean {
  // no-color.org: "present and not an empty string".
  if (settings.NO_COLOR) return false;
  if (settings.FORCE_COLOR !== undefined) return FORCE_COLOR_ON.has(settings.FORCE_COLOR);
  return isTTY;
}

const LEVEL_COLORS: Record<string, string> = { debug: '90', info: '32', warn: '33', error: '31', fatal: '1;31' };
const DIM = '2';
const BOLD = '1';
const CYAN = '36';

/** Below space, and DEL: control characters, which would drive the terminal (colours, cursor moves). */
const isControl = (code: number) => code < 0x20 || code === 0x7f;

// A value that reads the same without quotes: no spaces, quotes, `=` or backslashes.
const BARE_VALUE = /^[^\s"'=\\]+$/u;

function formatValue(value: unknown): string {
  if (typeof value === 'string') {
    const bare = BARE_VALUE.test(value) && ![...value].some((character) => isControl(character.charCodeAt(0)));
    return bare ? value : JSON.stringify(value);
  }
  return JSON.stringify(value) ?? String(value);
}

/** Control characters written as JSON escapes (`\u001b`), newlines kept: a message quoting a client's input must not drive the terminal. */
const escapeControls = (text: string) =>
  [...text]
    .map((character) =>
      character !== '\n' && isControl(character.charCodeAt(0)) ? JSON.stringify(character).slice(1, -1) : character,
    )
    .join('');

/**
 * One entry as people read it: `11:02:03.456 INFO  gateway[4242] [Context] message key=value`,
 * then the rest of a multi-line message and the stack, indented, on the lines that follow. The
 * fields are the JSON line's: the time shows its time of day (UTC, as in the JSON).
 */
export function renderPrettyEntry(entry: LogEntry, color: boolean): string {
  const paint = (code: string | undefined, text: string) => (color && code ? `\x1b[${code}m${text}\x1b[0m` : text);
  const { time, level, app, pid, context, msg, stack, ...fields } = entry;
  const [firstLine = '', ...moreLines] = msg === undefined ? [] : escapeControls(String(msg)).split('\n');
  const parts = [
    paint(DIM, time.slice(11, 23)),
    paint(LEVEL_COLORS[level], level.toUpperCase().padEnd(5)),
    paint(BOLD, `${app}[${pid}]`),
  ];
  if (context !== undefined) parts.push(paint(CYAN, `[${escapeControls(context)}]`));
  if (firstLine) parts.push(firstLine);
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) parts.push(`${paint(DIM, `${key}=`)}${escapeControls(formatValue(value))}`);
  }
  const following = [...moreLines, ...(stack === undefined ? [] : escapeControls(String(stack)).split('\n'))];
  return [parts.join(' '), ...following.map((line) => paint(DIM, `    ${line}`))].join('\n');
}

/** Readable, coloured single lines for a developer's terminal (`LOG_FORMAT=pretty`, `npm run dev`). */
export class PrettyLogger extends EntryLogger {
  constructor(
    app: string,
    level: LogThreshold = 'info',
    private readonly color = false,
  ) {
    super(app, level);
  }

  protected render(entry: LogEntry): string {
    return renderPrettyEntry(entry, this.color);
  }
}
