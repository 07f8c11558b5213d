import {useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject} from "react";
import {useVirtualizer} from "@tanstack/react-virtual";
import type {Conversation} from "../../../shared/contract.js";
import type {ConversationGroup} from "./dateGroups.js";

// The date groups of the conversation list, drawn only where they are seen: 10,000 conversations cost the rows
// in view (and a few either side), not 10,000 rows. Each group stays a labelled region with its heading; a
// group out of view is not drawn at all.

/** Heights before they are measured (px): a heading, a conversation's row. */
const HEADING_PX = 30;
const ROW_PX = 34;
/** Rows drawn beyond each edge of the view: the arrow keys always find the next title in the page. */
const OVERSCAN = 12;

type Item = {group: number; conversation: Conversation | null};

/** Where a row is drawn: its index in the virtual list, its top within its group, the ref that measures it. */
export type RowPlace = {index: number; top: number; measure: (el: Element | null) => void};

type Props = {
    groups: ConversationGroup[];
    row: (conversation: Conversation, place: RowPlace) => ReactNode;
    /** The element that scrolls: the list sits in it below the projects. */
    scroller: RefObject<HTMLElement | null>;
};

export function DateGroups({groups, row, scroller}: Props) {
    const {items, firsts} = useMemo(() => flatten(groups), [groups]);
    const list = useRef<HTMLDivElement>(null);
    const margin = useListOffset(list, scroller);
    const virtualizer = useVirtualizer({
        count: items.length,
        getScrollElement: () => scroller.current,
        estimateSize: (i) => (items[i]!.conversation ? ROW_PX : HEADING_PX),
        getItemKey: (i) => items[i]!.conversation?.id ?? `group:${groups[items[i]!.group]!.label}`,
        overscan: OVERSCAN,
        scrollMargin: margin,
    });
    const measurements = virtualizer.measurementsCache;
    const shown = new Map<number, number[]>();
    for (const v of virtualizer.getVirtualItems()) {
        const group = items[v.index]!.group;
        const indexes = shown.get(group);
        if (indexes) indexes.push(v.index);
        else shown.set(group, [v.index]);
    }
    return (
        <div ref={list} className="date-groups" style={{height: virtualizer.getTotalSize()}}>
            {[...shown].map(([g, indexes]) => {
                const group = groups[g]!;
                const first = firsts[g]!;
                const last = first + group.conversations.length;
                const top = (measurements[first]?.start ?? 0) - margin;
                const height = (measurements[last]?.end ?? 0) - margin - top;
                const at = (i: number) => (measurements[i]?.start ?? 0) - margin - top;
                return (
                    <section
                        key={group.label}
                        className="date-group"
                        aria-label={group.label}
                        style={{top, height}}
                    >
                        {indexes.includes(first) && (
                            <h3
                                className="projects-heading"
                                data-index={first}
                                ref={virtualizer.measureElement}
                                style={{top: at(first)}}
                            >
                                {group.label}
                            </h3>
                        )}
                        <ul>
                            {indexes
                                .filter((i) => i !== first)
                                .map((i) =>
                                    row(items[i]!.conversation!, {
                                        index: i,
                                        top: at(i),
                                        measure: virtualizer.measureElement,
                                    }),
                                )}
                        </ul>
                    </section>
                );
            })}
        </div>
    );
}

/** Headings and rows in the order shown, and where each group's heading is in that order. */
function flatten(groups: ConversationGroup[]): {items: Item[]; firsts: number[]} {
    const items: Item[] = [];
    const firsts: number[] = [];
    groups.forEach((group, g) => {
        firsts.push(items.length);
        items.push({group: g, conversation: null});
        for (const conversation of group.conversations) items.push({group: g, conversation});
    });
    return {items, firsts};
}

/** How far below the top of the scrolling content the list starts (the projects above it change size). */
function useListOffset(list: RefObject<HTMLElement | null>, scroller: RefObject<HTMLElement | null>): number {
    const [offset, setOffset] = useState(0);
    useLayoutEffect(() => {
        const el = list.current;
        const scrolling = scroller.current;
        if (!el || !scrolling) return;
        const measure = () =>
            setOffset(
                el.getBoundingClientRect().top - scrolling.getBoundingClientRect().top + scrolling.scrollTop,
            );
        measure();
        const observer = new ResizeObserver(measure);
        for (const child of scrolling.children) if (child !== el) observer.observe(child);
        return () => observer.disconnect();
    }, [list, scroller]);
    return offset;
}
