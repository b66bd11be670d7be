// A tool module in TypeScript, loaded with no build step. Named exports work too:
// name, description, and actions (a function returning the map, or the map itself).
import type { ActionsMap } from "wymcp-lint";

export const name = "notes";
export const description = "Write, find and tag notes";

interface Tag {
  readonly label: string;
}

const tagSchema = { type: "object", properties: { label: { type: "string" } } } as const;

export function actions(): ActionsMap {
  const defaultTags: Tag[] = [];
  return {
    create: {
      description: "Create a note",
      properties: {
        title: { type: "string" },
        body: { type: "string" },
        tags: { type: "array", items: tagSchema },
      },
      required: ["title"],
      defaults: { tags: defaultTags },
    },
    find: {
      description: "Find notes by words or tag",
      properties: { words: { type: "string" }, tag: { type: "string" } },
      required_one_of: [["words", "tag"]],
    },
  };
}
