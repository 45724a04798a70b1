import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.js';
import { moveTo, SortableList } from './SortableList.js';

const TEST_IDS = { list: 'list', row: 'row', handle: 'handle', up: 'up', down: 'down', remove: 'remove' };

function Fruits({ initial }: { initial: string[] }) {
  const [items, setItems] = useState(initial);
  return (
    <SortableList
      items={items}
      onChange={setItems}
      keyOf={(item) => item}
      nameOf={(item) => item}
      ns="education.parts"
      testIds={TEST_IDS}
      renderItem={(item) => <span>{item}</span>}
      rowData={(item) => ({ 'data-name': item })}
    />
  );
}

const order = () => screen.getAllByTestId('row').map((row) => row.dataset.name);

describe('SortableList', () => {
  afterEach(cleanup);

  it('moves an item, clamping the target into the list', () => {
    expect(moveTo(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 2, -4)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('reorders with the up and down buttons, which stop at the ends, and removes a row', async () => {
    renderPage(<Fruits initial={['Elma', 'Armut', 'Ayva']} />);
    await screen.findByTestId('list');
    const rows = () => screen.getAllByTestId('row');
    expect(within(rows()[0]!).getByTestId('up').hasAttribute('disabled')).toBe(true);
    expect(within(rows()[2]!).getByTestId('down').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(rows()[2]!).getByTestId('up'));
    expect(order()).toEqual(['Elma', 'Ayva', 'Armut']);
    fireEvent.click(within(rows()[0]!).getByTestId('down'));
    expect(order()).toEqual(['Ayva', 'Elma', 'Armut']);
    fireEvent.click(within(rows()[1]!).getByTestId('remove'));
    expect(order()).toEqual(['Ayva', 'Armut']);
  });

  it('names every control after its row', async () => {
    renderPage(<Fruits initial={['Elma']} />);
    await screen.findByTestId('list');
    expect(screen.getByRole('button', { name: 'Move Elma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move up: Elma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove: Elma' })).toBeTruthy();
  });
});
