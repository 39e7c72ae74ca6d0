/** The direction a column is sorted in by a sort string (`field` or `-field`), if it is. */
export function sortState(sort: string | undefined, id: string): 'asc' | 'desc' | undefined {
  if (sort === id) {
    return 'asc';
  }
  if (sort === `-${id}`) {
    return 'desc';
  }
  return undefined;
}

/** A click on a sortable header: ascending first, then it toggles between ascending and descending. */
export function nextSort(sort: string | undefined, id: string): string {
  return sort === id ? `-${id}` : id;
}
