import { describe, expect, it } from 'vitest';
import { draftFromLines, uploadDraftFrom } from './ai-draft';

describe('draftFromLines', () => {
  it('reads labelled lines in any of the three languages', () => {
    expect(
      draftFromLines([
        'Título: Lluvia',
        'Descripción: Un bucle tranquilo.',
        'Etiquetas: lofi, lluvia',
      ]),
    ).toEqual({ title: 'Lluvia', description: 'Un bucle tranquilo.', tags: ['lofi', 'lluvia'] });
    expect(
      draftFromLines(['Titel: Regen', 'Beschreibung: Ruhig.', 'Tags: #lofi #regen #lofi']),
    ).toEqual({ title: 'Regen', description: 'Ruhig.', tags: ['lofi', 'regen'] });
  });

  it('takes the first unlabelled line as the title and the rest as the description', () => {
    expect(draftFromLines(['Rain study', 'Calm keys', 'Soft drums'])).toEqual({
      title: 'Rain study',
      description: 'Calm keys\nSoft drums',
      tags: [],
    });
  });

  it('uses a visual caption as the title', () => {
    expect(draftFromLines(['Caption: Neon city', 'Alt text: A city at night'])).toEqual({
      title: 'Neon city',
      description: 'A city at night',
      tags: [],
    });
  });

  it('cuts an over-long title to the upload form’s limit', () => {
    const { title } = draftFromLines([`Title: ${'a'.repeat(300)}`]);
    expect(title.length).toBe(200);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('uploadDraftFrom', () => {
  it('reads the studio draft from navigation state and nothing else', () => {
    expect(uploadDraftFrom({ draft: { title: 'T', description: 'D', tags: ['a', 3] } })).toEqual({
      title: 'T',
      description: 'D',
      tags: ['a'],
    });
    expect(uploadDraftFrom(null)).toBeNull();
    expect(uploadDraftFrom({ draft: { title: 1 } })).toBeNull();
    expect(uploadDraftFrom({ other: true })).toBeNull();
  });
});
