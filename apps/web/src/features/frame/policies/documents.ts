/** The three documents of /policies and their sections, in reading order; texts live under `policies.{id}.{section}`. */
export const POLICY_DOCUMENTS = [
  {
    id: 'privacy',
    sections: ['scope', 'data', 'purposes', 'sharing', 'transfers', 'retention', 'security', 'rights', 'changes'],
  },
  {
    id: 'terms',
    sections: [
      'scope',
      'accounts',
      'acceptable_use',
      'content',
      'rewards',
      'availability',
      'suspension',
      'liability',
      'law',
    ],
  },
  { id: 'cookies', sections: ['what', 'necessary', 'measurement', 'control', 'changes'] },
] as const;

export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * A translated body as blocks: lines starting with "- " form a list, any other line a paragraph. Keeping the
 * structure in the text lets each language decide how many points and paragraphs it needs.
 */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const previous = blocks.at(-1);
    if (line.startsWith('- ')) {
      const item = line.slice(2).trim();
      if (previous?.kind === 'list') previous.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}
