import {call, calls, one, optional, thenReturns, type ProbeCase, words} from "../caseParts.js";

export const multiTurn: ProbeCase[] = [
    ...(
        [
            ["Lyon", "French", "r-4411", 2, "19:30", "two", "7:30 pm"],
            ["Osaka", "sushi", "r-0923", 4, "12:30", "four", "12:30"],
            ["Austin", "barbecue", "r-7750", 6, "18:00", "six", "6 pm"],
            ["Milan", "pizza", "r-3318", 3, "20:15", "three", "8:15 in the evening"],
        ] as const
    ).map(([city, cuisine, id, people, time, count, said], i): ProbeCase => ({
        id: `multiTurn-restaurant-${i + 1}`,
        category: "multiTurn",
        tools: ["find_restaurants", "book_table"],
        phrasings: [
            `Find a ${cuisine} restaurant in ${city} and book a table for ${count} at ${said}.`,
            `Book us a table for ${people} at a ${cuisine} place in ${city}, ${said}.`,
            `I want ${cuisine} in ${city} tonight: ${count} people, ${said}. Find somewhere and reserve it.`,
        ],
        steps: [
            thenReturns(
                calls(
                    call("find_restaurants", {
                        city: one(city),
                        cuisine: optional(cuisine, `${cuisine} food`),
                    }),
                ),
                JSON.stringify({restaurants: [{id, name: `Chez ${city}`, cuisine, rating: 4.6}]}),
            ),
            calls(call("book_table", {restaurant_id: one(id), people: one(people), time: one(time)})),
        ],
    })),
    ...(
        [
            ["Maria Lopez", "maria.lopez@example.org", "Lunch on Friday", "lunch"],
            ["Kenji Sato", "k.sato@example.net", "The report", "report"],
            ["Ada Obi", "ada@obi.example", "Welcome aboard", "welcome"],
        ] as const
    ).map(([name, address, subject, word], i): ProbeCase => ({
        id: `multiTurn-email-${i + 1}`,
        category: "multiTurn",
        tools: ["lookup_contact", "send_email"],
        phrasings: [
            `Email ${name} with the subject "${subject}" and say I'm looking forward to it.`,
            `Look up ${name} and send them an email titled "${subject}": looking forward to it.`,
            `Send ${name} a note, subject "${subject}", body: looking forward to it.`,
        ],
        steps: [
            thenReturns(
                calls(call("lookup_contact", {name: one(name)})),
                JSON.stringify({name, email: address, phone: "+1 555 0100"}),
            ),
            calls(
                call("send_email", {
                    to: one(address),
                    subject: words(word),
                    body: words("looking", "forward"),
                }),
            ),
        ],
    })),
    ...(
        [
            ["Japan", "JPY", 50, "USD", "dollars"],
            ["Switzerland", "CHF", 200, "EUR", "euros"],
            ["Brazil", "BRL", 75, "GBP", "pounds"],
        ] as const
    ).map(([country, code, amount, from, said], i): ProbeCase => ({
        id: `multiTurn-currency-${i + 1}`,
        category: "multiTurn",
        tools: ["get_country_info", "convert_currency"],
        phrasings: [
            `Find out what currency ${country} uses, then convert ${amount} ${said} into it.`,
            `I'm going to ${country}: how much is ${amount} ${said} in their currency? Look the currency up first.`,
            `Check ${country}'s currency and change ${amount} ${from} into it.`,
        ],
        steps: [
            thenReturns(
                calls(call("get_country_info", {country: one(country), field: one("currency")})),
                JSON.stringify({country, currency: code}),
            ),
            calls(call("convert_currency", {amount: one(amount), from: one(from), to: one(code)})),
        ],
    })),
];
