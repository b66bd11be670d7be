// Appending one list to another without `list.push(...items)`: a spread passes every item
// as an argument, and a list long enough (a `required` of 130,000 names, 130,000 files)
// overflows the call stack. Every list whose length the input decides is appended here.

/** Appends every item of `items` to `list`, in order. */
export function appendAll<T>(list: T[], items: Iterable<T>): void {
  for (const item of items) list.push(item);
}
