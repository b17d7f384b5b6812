/*
 * Reading an AI answer (SPEC §2/§4). Kept apart from the zod schemas so the web's entry code
 * (the panel's conversation store) can use it without loading zod on the landing page.
 */

/** SPEC §4: lines of an AI reply starting with this become quick-reply buttons. */
export const OPTION_PREFIX = 'Option:';

/** SPEC §2/§4: a reply's text without its `Option:` lines, and those options as button texts. */
export function splitOptions(reply: string): { text: string; options: string[] } {
  const options: string[] = [];
  const kept: string[] = [];
  for (const line of reply.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith(OPTION_PREFIX)) {
      const option = trimmed.slice(OPTION_PREFIX.length).trim();
      if (option && !options.includes(option)) options.push(option);
    } else kept.push(line);
  }
  return { text: kept.join('\n').trim(), options };
}

/** SPEC §4: studio prompt and draft results are the answer split by line into bullet points. */
export function resultLines(reply: string): string[] {
  return reply
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((line) => line !== '' && !line.startsWith(OPTION_PREFIX));
}
