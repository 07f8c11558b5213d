/** Which documents a search may see: a collection's, or one conversation's attachments. */
export type Scope = {collectionId: string | null; conversationId: string | null};

/** The vector table's partition for a scope (and the codes' scope in memory). */
export function scopeKey(scope: Scope): string {
    return scope.collectionId ? `collection:${scope.collectionId}` : `conversation:${scope.conversationId}`;
}
