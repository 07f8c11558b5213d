// The contract's building blocks: helpers, ids and names, and the enums every domain uses.
import {Type, type Static, type TSchema} from "@sinclair/typebox";

/** A string that is one of `values`: `{"type": "string", "enum": [...]}`, typed as their union. */
export const oneOf = <const T extends readonly string[]>(values: T) =>
    Type.Unsafe<T[number]>({type: "string", enum: [...values]});

export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const closed = {additionalProperties: false} as const;

export const Empty = Type.Object({}, closed);

/** A call that returns nothing but success. */
export const Nothing = Type.Unsafe<void>({});

export const Id = Type.String({minLength: 1, maxLength: 100});

export const Name = Type.String({minLength: 1, maxLength: 100});

export const FilePath = Type.String({minLength: 1, maxLength: 4096});

export const Timestamp = Type.Number();

export const Count = Type.Integer({minimum: 0});

export const Json = Type.Record(Type.String(), Type.Unknown());

/** A message's words (shared/coreWords.ts): its key and values, for the window to say in its language. */
export const WordsValue = Type.Object(
    {
        key: Type.String(),
        values: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    },
    closed,
);

export const MessageRole = oneOf(["user", "assistant", "system"]);

export type MessageRole = Static<typeof MessageRole>;

export const MessageStatus = oneOf(["streaming", "complete", "interrupted", "error"]);

export type MessageStatus = Static<typeof MessageStatus>;

export const SideEffect = oneOf(["none", "network", "write", "exec"]);

export type SideEffect = Static<typeof SideEffect>;

export const ToolPolicy = oneOf(["ask", "allow", "deny"]);

export type ToolPolicy = Static<typeof ToolPolicy>;

/** ask: read-only tools; plan: read-only, and a plan to read and edit comes first; agent: every tool. */
export const ToolMode = oneOf(["ask", "plan", "agent"]);

export type ToolMode = Static<typeof ToolMode>;

/** auto: the model decides; none: no tools offered; required: some tool; any other string: that tool. */
export const ToolChoice = Type.Unsafe<"auto" | "none" | "required" | (string & {})>(Name);

export type ToolChoice = Static<typeof ToolChoice>;

export const req = <T extends Parameters<typeof Type.Object>[0]>(fields: T) => Type.Object(fields, closed);

export const call = <Req extends TSchema, Res extends TSchema>(request: Req, result: Res) => ({
    req: request,
    res: result,
});

export const Title = Type.String({minLength: 1, maxLength: 200});

export const Cancelled = Type.Object({cancelled: Type.Boolean()}, closed);

export const JobStarted = Type.Object({jobId: Type.String()}, closed);

/** Most bytes of a file sent in one chunk (imports.chunk, attachments.chunk; as base64, about 4/3 as many characters). */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;

/** A chunk of a file sent by the window (imports and attachments alike): in order, as base64. */
export const UploadChunk = req({
    uploadId: Id,
    offset: Type.Integer({minimum: 0}),
    data: Type.String({
        maxLength: Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4,
        pattern: "^[A-Za-z0-9+/]*={0,2}$",
    }),
});
