import type {Project} from "../../../shared/contract.js";

/** The conversation's project, in its header: move it into one, or out. Shown once there is a project. */
export function ProjectSelect({
    projects,
    value,
    onChange,
}: {
    projects: Project[];
    value: string | null;
    onChange(projectId: string | null): void;
}) {
    const shown = projects.filter((p) => !p.archived || p.id === value);
    if (shown.length === 0) return null;
    return (
        <label title="Its instructions, files and memories apply to this conversation">
            Project{" "}
            <select value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
                <option value="">None</option>
                {shown.map((p) => (
                    <option key={p.id} value={p.id}>
                        {p.name}
                    </option>
                ))}
            </select>
        </label>
    );
}
