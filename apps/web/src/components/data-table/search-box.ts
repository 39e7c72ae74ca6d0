/**
 * What a list's search box shows when the list's URL search changes to `url`. The URL follows the
 * box after a pause (the debounced push), so a change to the value the box itself last pushed is
 * its own echo, and it can arrive after the user has typed on: the box keeps what it has (on a busy
 * machine the echo of "Pu" once came after the "n" of "Pune", and the box went back to "Pu").
 * Any other change (back, a link, "clear filters") is shown, except that text differing only by
 * surrounding spaces is kept ("pune |" while the URL says "pune").
 */
export function searchBoxAfterUrlChange(current: string, url: string, lastPushed: string | undefined): string {
  if (lastPushed !== undefined && url === lastPushed) {
    return current;
  }
  return current.trim() === url ? current : url;
}
