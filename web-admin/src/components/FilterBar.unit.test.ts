// @vitest-environment happy-dom
/**
 * The filter bar follows the URL, not every render: options arriving later (a new `fields` array) must
 * not wipe what the user is typing (the catalogue's league options arrive after the first paint), while
 * a URL change still refills the form.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoryFrame } from '../testing/StoryFrame.tsx';
import { FilterBar, type FilterField } from './FilterBar.tsx';
import { installDomShims } from '../testing/dom-shims.ts';

beforeAll(installDomShims);
afterEach(cleanup);

let addOption: () => void = () => undefined;
let goTo: (path: string) => void = () => undefined;

/** A filter bar whose select options grow when `addOption` is called, as query data arriving does. */
function Bar() {
  const [options, setOptions] = useState([{ value: '1', label: 'Premier League' }]);
  addOption = () =>
    setOptions((o) => [...o, { value: String(o.length + 1), label: `League ${o.length + 1}` }]);
  const navigate = useNavigate();
  goTo = (path) => void navigate(path);
  const fields: FilterField[] = [
    { name: 'q', label: 'Search', kind: 'text' },
    { name: 'league', label: 'League', kind: 'select', options },
  ];
  return createElement(FilterBar, { fields });
}

describe('FilterBar', () => {
  it('keeps typed text when its fields are rebuilt, and refills from a URL change', async () => {
    render(createElement(StoryFrame, null, createElement(Bar)));
    const input = (await screen.findByLabelText('Search')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'simba' } });
    act(() => addOption());
    act(() => addOption());
    expect(input.value).toBe('simba');

    act(() => goTo('/?f.q=yanga'));
    await screen.findByDisplayValue('yanga');
  });
});
