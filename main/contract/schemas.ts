import type {CallName} from "../../shared/contract.js";

const id = {type: "string", minLength: 1, maxLength: 100} as const;
const empty = {type: "object", additionalProperties: false, properties: {}} as const;

/** The request schema of every call; a Record so that a call without a schema does not compile. */
export const requestSchemas: Record<CallName, object> = {
    "app.status": empty,
    "conversations.list": empty,
    "conversations.create": {
        type: "object",
        additionalProperties: false,
        properties: {title: {type: "string", maxLength: 200}},
    },
    "conversations.rename": {
        type: "object",
        additionalProperties: false,
        required: ["id", "title"],
        properties: {id, title: {type: "string", minLength: 1, maxLength: 200}},
    },
    "conversations.delete": {type: "object", additionalProperties: false, required: ["id"], properties: {id}},
    "messages.list": {
        type: "object",
        additionalProperties: false,
        required: ["conversationId"],
        properties: {conversationId: id},
    },
    "chat.send": {
        type: "object",
        additionalProperties: false,
        required: ["conversationId", "text"],
        properties: {
            conversationId: id,
            text: {type: "string", minLength: 1, maxLength: 200_000},
            toolChoice: {type: "string", minLength: 1, maxLength: 100},
            preflight: {
                type: "array",
                maxItems: 8,
                items: {
                    type: "object",
                    additionalProperties: false,
                    required: ["name", "args"],
                    properties: {
                        name: {type: "string", minLength: 1, maxLength: 100},
                        args: {type: "object"},
                    },
                },
            },
        },
    },
    "chat.stop": {
        type: "object",
        additionalProperties: false,
        required: ["conversationId"],
        properties: {conversationId: id},
    },
    "models.load": {
        type: "object",
        additionalProperties: false,
        required: ["path"],
        properties: {path: {type: "string", minLength: 1, maxLength: 4096}},
    },
    "conversations.setMode": {
        type: "object",
        additionalProperties: false,
        required: ["id", "mode"],
        properties: {id, mode: {enum: ["ask", "agent"]}},
    },
    "conversations.setWebAccess": {
        type: "object",
        additionalProperties: false,
        required: ["id", "webAccess"],
        properties: {id, webAccess: {type: "boolean"}},
    },
    "settings.get": empty,
    "settings.set": {
        type: "object",
        additionalProperties: false,
        required: ["webAccessDefault"],
        properties: {webAccessDefault: {type: "boolean"}},
    },
    "tools.list": empty,
    "tools.pending": empty,
    "tools.decide": {
        type: "object",
        additionalProperties: false,
        required: ["approvalId", "decision"],
        properties: {
            approvalId: id,
            decision: {enum: ["allow_once", "allow_conversation", "allow_always", "deny"]},
            args: {type: "object"},
        },
    },
    "tools.setPolicy": {
        type: "object",
        additionalProperties: false,
        required: ["tool", "policy"],
        properties: {
            tool: {type: "string", minLength: 1, maxLength: 100},
            policy: {enum: ["ask", "allow", "deny", null]},
        },
    },
    "archive.get": {type: "object", additionalProperties: false, required: ["id"], properties: {id}},
    "grants.list": empty,
    "grants.revoke": {
        type: "object",
        additionalProperties: false,
        required: ["tool", "conversationId"],
        properties: {
            tool: {type: "string", minLength: 1, maxLength: 100},
            conversationId: {type: ["string", "null"]},
        },
    },
};
