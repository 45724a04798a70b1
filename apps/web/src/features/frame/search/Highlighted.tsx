import { type SearchRange, splitByHighlights } from '@kampus/shared';
import { Mark } from '@mantine/core';
import { Fragment } from 'react';

/** A text with its matched spans marked; the text is React text throughout, never HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly SearchRange[] }) {
  return (
    <>
      {splitByHighlights(text, ranges).map((piece, index) =>
        piece.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
          <Mark key={index} color="yellow" fw={600}>
            {piece.text}
          </Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
