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
        properties: {conversationId: id, text: {type: "string", minLength: 1, maxLength: 200_000}},
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
};
