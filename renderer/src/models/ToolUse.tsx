import {Fragment} from "react";
import {PROBE_CATEGORIES} from "../../../shared/choices.js";
import type {InstalledModel, ProbeProgress, ToolUseScore} from "../../../shared/contract.js";
import {fileNameOf} from "../../../shared/format.js";
import {useTranslation, type TFunction} from "../i18n/index.js";
import type {Models} from "./useModels.js";

const percent = (x: number) => Math.round(x * 100);

/**
 * The tool-use test on the Models screen: every installed chat model side by side (its score by category, the
 * way it is asked, when it was tested), a quick or full test of each, and the running test's progress and stop.
 */
export function ToolUseSection({models, installed}: {models: Models; installed: InstalledModel[]}) {
    const {t} = useTranslation();
    const {probe, toolUse} = models.state;
    const running = probe && (probe.state === "loading" || probe.state === "running") ? probe : null;
    return (
        <section className="tool-use" aria-labelledby="tool-use-title">
            <h2 id="tool-use-title">{t("modelsPanel.toolUse")}</h2>
            <p className="muted">{t("modelsPanel.toolUseIntro")}</p>
            {probe && <ProbeStatus probe={probe} onStop={() => void models.stopProbe(probe.probeId)} />}
            <div className="table-scroll">
                <ScoreTable
                    installed={installed}
                    scores={toolUse}
                    busy={running !== null}
                    onTest={(file, quick) => void models.probe(file, quick)}
                />
            </div>
            <p className="muted">{t("modelsPanel.testLoadsModel")}</p>
        </section>
    );
}

/**
 * The models side by side, one column each (a dialog is narrower than it is long): overall, each category,
 * the way it is asked, when it was tested, and its test buttons.
 */
function ScoreTable({
    installed,
    scores,
    busy,
    onTest,
}: {
    installed: InstalledModel[];
    scores: Record<string, ToolUseScore>;
    busy: boolean;
    onTest: (file: string, quick: boolean) => void;
}) {
    const {t} = useTranslation();
    const row = (label: string, cell: (score: ToolUseScore) => string) => (
        <tr>
            <th scope="row">{label}</th>
            {installed.map((m) => {
                const score = scores[m.file];
                return <td key={m.id}>{score ? cell(score) : ""}</td>;
            })}
        </tr>
    );
    return (
        <table className="tool-use-table">
            <thead>
                <tr>
                    <td />
                    {installed.map((m) => (
                        <th scope="col" key={m.id} data-model={fileNameOf(m.file)} title={m.file}>
                            {m.name}
                            <div className="muted">{fileNameOf(m.file)}</div>
                        </th>
                    ))}
                </tr>
            </thead>
            <tbody>
                <tr className="overall">
                    <th scope="row">{t("modelsPanel.overall")}</th>
                    {installed.map((m) => {
                        const score = scores[m.file];
                        return (
                            <td key={m.id} data-model={fileNameOf(m.file)}>
                                {score ? `${percent(score.suite.overall)}%` : t("modelsPanel.toolUseNever")}
                            </td>
                        );
                    })}
                </tr>
                {PROBE_CATEGORIES.map((c) => (
                    <Fragment key={c}>
                        {row(t(`modelsPanel.category.${c}`), (score) => {
                            const {passed, total} = score.suite.categories[c];
                            return total === 0 ? "–" : `${passed}/${total}`;
                        })}
                    </Fragment>
                ))}
                <tr>
                    <th scope="row">{t("modelsPanel.bestWay")}</th>
                    {installed.map((m) => {
                        const score = scores[m.file];
                        return (
                            <td key={m.id} title={score ? waysCompared(score, t) : undefined}>
                                {score ? t(`modelsPanel.way.${score.best}`) : ""}
                            </td>
                        );
                    })}
                </tr>
                <tr className="tested">
                    <th scope="row">{t("modelsPanel.tested")}</th>
                    {installed.map((m) => {
                        const score = scores[m.file];
                        return <td key={m.id}>{score ? testedWhen(score, t) : ""}</td>;
                    })}
                </tr>
                <tr>
                    <td />
                    {installed.map((m) => (
                        <td key={m.id} className="actions" data-model={fileNameOf(m.file)}>
                            {[true, false].map((quick) => (
                                <button
                                    key={String(quick)}
                                    disabled={busy}
                                    aria-label={t(
                                        quick ? "modelsPanel.quickTestName" : "modelsPanel.fullTestName",
                                        {name: m.name},
                                    )}
                                    onClick={() => onTest(m.file, quick)}
                                >
                                    {t(quick ? "modelsPanel.quickTest" : "modelsPanel.fullTest")}
                                </button>
                            ))}
                        </td>
                    ))}
                </tr>
            </tbody>
        </table>
    );
}

/** Each way's score on the cases it asked, for the best way's tooltip: "chat template 27% of 30 · …". */
function waysCompared(score: ToolUseScore, t: TFunction): string {
    return score.strategies
        .map((s) =>
            t("modelsPanel.wayScore", {
                way: t(`modelsPanel.way.${s.strategy}`),
                percent: percent(s.overall),
                cases: Object.values(s.categories).reduce((n, c) => n + c.total, 0),
            }),
        )
        .join(" · ");
}

function testedWhen(score: ToolUseScore, t: TFunction): string {
    return t("modelsPanel.testedOn", {
        date: new Date(score.testedAt).toLocaleDateString(),
        version: score.cairnVersion,
        kind: t(score.quick ? "modelsPanel.kindQuick" : "modelsPanel.kindFull"),
    });
}

/** The running test's progress bar and Stop, or how the last one ended. */
function ProbeStatus({probe, onStop}: {probe: ProbeProgress; onStop: () => void}) {
    const {t} = useTranslation();
    const name = fileNameOf(probe.file);
    if (probe.state === "done") return null;
    if (probe.state === "failed")
        return (
            <p role="alert" className="note">
                {t("modelsPanel.testFailed", {name, error: probe.error ?? ""})}
            </p>
        );
    if (probe.state === "stopped") return <p className="muted">{t("modelsPanel.testStopped", {name})}</p>;
    const words =
        probe.state === "loading"
            ? t("modelsPanel.loadingForTest", {name})
            : t("modelsPanel.testing", {
                  name,
                  done: probe.done,
                  total: probe.total,
                  way: probe.strategy ? t(`modelsPanel.way.${probe.strategy}`) : "",
              });
    return (
        <div className="download probe">
            <progress max={probe.total} value={probe.done} aria-label={t("modelsPanel.toolUse")} />
            <span>{words}</span>
            <button onClick={onStop}>{t("modelsPanel.stopTest")}</button>
        </div>
    );
}
