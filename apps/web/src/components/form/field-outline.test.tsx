import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DeferredField, FieldOutline } from './field-outline.tsx';

const draw = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>{node}</MantineProvider>
    </QueryClientProvider>,
  );

describe("a floating field's outline (record 0322)", () => {
  it("shows a select's label and value as a read-only combobox, labelled", () => {
    const html = draw(<FieldOutline kind="select" label="Plant" value="Pune Chakan Plant" miw={240} />);
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Plant<\/label>/);
    const id = /<label[^>]*for="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<input[^>]*id="${id}"`));
    expect(html).toMatch(/<input[^>]*readOnly=""[^>]*role="combobox"|<input[^>]*role="combobox"[^>]*readOnly=""/);
    expect(html).toContain('value="Pune Chakan Plant"');
  });

  it("shows a picker's value, or its placeholder when empty, on a button", () => {
    expect(draw(<FieldOutline kind="picker" label="Day" value="2026-12-07" miw={160} />)).toMatch(/<button[^>]*>2026-12-07<\/button>/);
    expect(draw(<FieldOutline kind="picker" label="Pickup Date" placeholder="Any day" miw={230} />)).toMatch(
      /<button[^>]*>.*Any day.*<\/button>/,
    );
  });

  it('draws the outline, not the control, until the field is tapped or the page has settled', () => {
    const control = vi.fn(() => <select aria-label="the control" />);
    const html = draw(
      <DeferredField kind="select" label="Carrier" miw={180} settle>
        {control}
      </DeferredField>,
    );
    expect(html).toContain('role="combobox"');
    expect(html).not.toContain('the control');
    expect(control).toHaveBeenCalledWith(expect.anything(), false);
  });
});
