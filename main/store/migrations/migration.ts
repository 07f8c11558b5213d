/** rebuildsTables: the SQL rebuilds a table that others refer to (foreign keys are off while it runs). */
export type Migration = {version: number; name: string; sql: string; rebuildsTables?: boolean};
