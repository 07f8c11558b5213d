import {Type, type Static} from "@sinclair/typebox";
import {validatorOf} from "../validator.js";
import {ASSISTANT_DEFAULTS} from "../../shared/assistants.js";
import {AssistantFields, type AssistantInput} from "../../shared/contract.js";
import {requestProblem} from "../contract/problems.js";
import type {StoredAssistant} from "./store.js";
import {messageOf} from "../../shared/format.js";

/** The file's own mark and version: a file of another kind is told apart from a broken assistant. */
const KIND = "cairn.assistant";
const VERSION = 1;

/** What an assistant's file holds: its name and any of its settings (the rest take their defaults). */
const FileAssistant = Type.Object(
    {
        ...Type.Partial(Type.Object(AssistantFields)).properties,
        name: AssistantFields.name,
    },
    {additionalProperties: false},
);
const AssistantFile = Type.Object(
    {kind: Type.Literal(KIND), version: Type.Integer({minimum: 1}), assistant: FileAssistant},
    {additionalProperties: false},
);
type AssistantFile = Static<typeof AssistantFile>;

const validFile = validatorOf<AssistantFile>(AssistantFile, {allErrors: true, strict: true});

/** An assistant as its JSON file: its settings, never whether it is the default here. */
export function assistantFile(assistant: StoredAssistant): {fileName: string; content: string} {
    const {id: _id, isDefault: _default, createdAt: _created, updatedAt: _updated, ...fields} = assistant;
    const file: AssistantFile = {kind: KIND, version: VERSION, assistant: fields};
    const base = assistant.name.replace(/[^\p{L}\p{N}._ -]+/gu, "").trim() || "assistant";
    return {fileName: `${base}.assistant.json`, content: `${JSON.stringify(file, null, 2)}\n`};
}

/** Reads an assistant's file: the assistant, or what is wrong with the file in words. */
export function readAssistantFile(
    content: string,
): {ok: true; value: AssistantInput} | {ok: false; error: string} {
    let parsed: unknown;
    try {
        parsed = JSON.parse(content);
    } catch (error) {
        return {ok: false, error: `not an assistant file: it is not JSON (${messageOf(error)})`};
    }
    const kind = (parsed as {kind?: unknown} | null)?.kind;
    if (typeof parsed !== "object" || parsed === null || kind !== KIND)
        return {
            ok: false,
            error: `not an assistant file: it has no "kind": "${KIND}" (export one from Cairn to see the form)`,
        };
    const version = (parsed as {version?: unknown}).version;
    if (typeof version === "number" && version > VERSION)
        return {
            ok: false,
            error: `this assistant file is of version ${version}, newer than this Cairn reads (${VERSION}): update Cairn`,
        };
    if (!validFile(parsed))
        return {ok: false, error: `assistant file: ${requestProblem(validFile.errors, "the file")}`};
    return {ok: true, value: {...ASSISTANT_DEFAULTS, ...parsed.assistant}};
}
