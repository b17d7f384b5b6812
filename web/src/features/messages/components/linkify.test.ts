import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text as one text part', () => {
    expect(linkify('hello <b>there</b>')).toEqual([{ kind: 'text', text: 'hello <b>there</b>' }]);
  });

  it('makes http and https addresses links, leaving sentence punctuation outside', () => {
    expect(linkify('See https://aura.example/a?b=1, or http://x.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://aura.example/a?b=1', href: 'https://aura.example/a?b=1' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('does not let quotes or angle brackets into a link', () => {
    const parts = linkify('https://a.test/"onmouseover="x <img src=x>');
    expect(parts[0]).toEqual({ kind: 'link', text: 'https://a.test/', href: 'https://a.test/' });
    expect(parts.slice(1).every((p) => p.kind === 'text')).toBe(true);
  });

  it('gives back the text exactly when the parts are joined', () => {
    const text = 'a https://b.test/c) d (https://e.test/f). g';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
