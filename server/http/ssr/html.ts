import { escapeHtml } from '../page-html';

/** Markup that is already safe: only `html` and `raw` make one. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof SafeHtml) return part.text;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join('');
  return escapeHtml(String(part));
}

/**
 * A template of server-rendered markup. Every value put in is escaped unless it is itself
 * `html`: a creator's name, bio or title always arrives as text, never as markup.
 */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup this server wrote itself (an icon), trusted as it is. */
export const trusted = (markup: string) => new SafeHtml(markup);
