import {call, calls, one, optional, type ProbeCase} from "../caseParts.js";

export const types: ProbeCase[] = [
    ...(
        [
            ["large", ["mushrooms", "olives"], "a large pizza with mushrooms and olives"],
            ["small", ["pepperoni"], "a small pepperoni pizza"],
            ["medium", ["ham", "pineapple", "jalapenos"], "a medium pizza with ham, pineapple and jalapenos"],
        ] as const
    ).map(([size, toppings, said], i): ProbeCase => ({
        id: `types-pizza-${i + 1}`,
        category: "types",
        tools: ["order_pizza"],
        phrasings: [`Order ${said}.`, `I'd like ${said}, please.`, `Get ${said} delivered.`],
        steps: [calls(call("order_pizza", {size: one(size), toppings: one([...toppings])}))],
    })),
    ...(
        [
            [
                21,
                "heat",
                "Heat the house to 21 degrees.",
                "Set the heating to 21.",
                "Warm it up: thermostat on heat, 21 degrees.",
            ],
            [
                18.5,
                "cool",
                "Cool the house down to 18.5 degrees.",
                "Air conditioning on, 18.5 degrees.",
                "Set the thermostat to cool at 18.5.",
            ],
            [
                20,
                "auto",
                "Set the thermostat to 20 on automatic.",
                "Keep the house at 20 degrees, auto mode.",
                "Thermostat: 20, auto.",
            ],
        ] as const
    ).map(([temperature, mode, a, b, c], i): ProbeCase => ({
        id: `types-thermostat-${i + 1}`,
        category: "types",
        tools: ["set_thermostat"],
        phrasings: [a, b, c],
        steps: [calls(call("set_thermostat", {temperature: one(temperature), mode: one(mode)}))],
    })),
    ...(
        [
            [
                "Dentist",
                "2027-03-14",
                "09:30",
                45,
                "March 14, 2027 at 9:30 am",
                "14 March 2027, 09:30",
                "2027-03-14 at half past nine",
            ],
            [
                "Team lunch",
                "2027-01-08",
                "12:00",
                60,
                "January 8, 2027 at noon",
                "8 January 2027, 12:00",
                "2027-01-08 at 12 o'clock",
            ],
            [
                "Yoga",
                "2027-06-01",
                "18:15",
                90,
                "June 1, 2027 at 6:15 pm",
                "1 June 2027, 18:15",
                "2027-06-01 at a quarter past six in the evening",
            ],
        ] as const
    ).map(([title, date, time, minutes, a, b, c], i): ProbeCase => ({
        id: `types-event-${i + 1}`,
        category: "types",
        tools: ["create_event"],
        phrasings: [
            `Add "${title}" to my calendar on ${a}, for ${minutes} minutes.`,
            `Calendar: ${title}, ${b}, ${minutes} minutes long.`,
            `Schedule ${title} ${c}; it lasts ${minutes} minutes.`,
        ],
        steps: [
            calls(
                call("create_event", {
                    title: one(title),
                    start: one({date, time}),
                    duration_minutes: one(minutes),
                }),
            ),
        ],
    })),
    ...(
        [
            [["milk", "eggs", "bread"], "milk, eggs and bread"],
            [["call the bank", "renew passport"], "call the bank and renew passport"],
            [["water the plants"], "water the plants"],
        ] as const
    ).map(([items, said], i): ProbeCase => ({
        id: `types-todo-${i + 1}`,
        category: "types",
        tools: ["add_todo"],
        phrasings: [`Add ${said} to my to-do list.`, `Put these on my list: ${said}.`, `To-do: ${said}.`],
        steps: [calls(call("add_todo", {items: one([...items])}))],
    })),
    ...(
        [
            ["LHR", "JFK", "2027-05-02", 2, "London Heathrow", "New York JFK", "May 2, 2027", "two"],
            [
                "CDG",
                "NRT",
                "2027-09-20",
                1,
                "Paris Charles de Gaulle",
                "Tokyo Narita",
                "September 20, 2027",
                "one",
            ],
            ["SFO", "SEA", "2027-02-11", 4, "San Francisco", "Seattle", "February 11, 2027", "four"],
        ] as const
    ).map(([from, to, date, passengers, a, b, day, count], i): ProbeCase => ({
        id: `types-flights-${i + 1}`,
        category: "types",
        tools: ["search_flights"],
        phrasings: [
            `Find flights from ${a} to ${b} on ${day} for ${count} ${passengers === 1 ? "person" : "people"}.`,
            `${count} of us want to fly ${from} to ${to} on ${date}. What's available?`,
            `Search ${from}→${to}, ${day}, ${passengers} passenger${passengers === 1 ? "" : "s"}.`,
        ],
        steps: [
            calls(
                call("search_flights", {
                    from: one(from),
                    to: one(to),
                    date: one(date),
                    passengers: passengers === 1 ? optional(1) : one(passengers),
                }),
            ),
        ],
    })),
];
