/**
 * Text for Leaflet, never HTML. Leaflet puts a string given to `bindTooltip`, `bindPopup`,
 * `setContent` or a `divIcon`'s `html` into the page as markup, so a stop, plant or address named
 * `<img src=x onerror=…>` would become an element. A node is inserted as it is: this one holds the
 * words as text. Every label the web app hands to Leaflet goes through here (use-leaflet.ts).
 */
export function mapText(text: string): HTMLElement {
  const node = document.createElement('span');
  node.textContent = text;
  return node;
}
