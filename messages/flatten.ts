/** A message catalog (messages/<locale>.json) as nested objects of strings. */
export type MessageTree = { [key: string]: string | MessageTree };

/** The catalog's messages by dotted key ("HaltDetail.notFound" -> text). */
export function flattenMessages(tree: MessageTree, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [childPath, childValue] of flattenMessages(value, path)) flat.set(childPath, childValue);
  }
  return flat;
}
