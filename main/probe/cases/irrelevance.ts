import {none, type ProbeCase} from "../caseParts.js";

export const irrelevance: ProbeCase[] = (
    [
        [
            ["get_weather", "set_timer"],
            "Write a haiku about autumn leaves.",
            "Compose a short poem about autumn.",
            "I'd love a three-line autumn poem.",
        ],
        [
            ["get_stock_price", "convert_currency"],
            "Who wrote Hamlet?",
            "Which playwright is Hamlet by?",
            "Hamlet's author: who was it?",
        ],
        [
            ["track_package", "send_email"],
            "Tell me a joke about cats.",
            "Make me laugh with a cat joke.",
            "Know any good jokes about cats?",
        ],
        [
            ["order_pizza", "set_thermostat"],
            "What is the square root of 144?",
            "Compute √144.",
            "144's square root, please.",
        ],
        [
            ["get_time", "define_word"],
            "Summarise the plot of Cinderella in two sentences.",
            "Tell me Cinderella's story briefly.",
            "What happens in Cinderella? Keep it short.",
        ],
        [
            ["search_flights", "book_table"],
            "How do I boil an egg?",
            "What's the way to make a soft-boiled egg?",
            "Explain boiling an egg.",
        ],
        [
            ["add_todo", "play_music"],
            "What is the chemical symbol for gold?",
            "Gold's symbol on the periodic table?",
            "Which element symbol stands for gold?",
        ],
        [
            ["get_weather", "get_country_info"],
            "Rewrite this sentence more politely: give me the report now.",
            "Make 'give me the report now' sound polite.",
            "Soften this: give me the report now.",
        ],
        [
            ["calculate_tip", "lookup_contact"],
            "What's the difference between a virus and a bacterium?",
            "Are viruses and bacteria the same?",
            "Explain virus versus bacteria.",
        ],
        [
            ["translate_text", "get_stock_price"],
            "Suggest a name for a grey kitten.",
            "What should I call my new grey cat?",
            "Name ideas for a small grey kitten?",
        ],
        [
            ["set_timer", "create_event"],
            "Why is the sky blue?",
            "What makes the sky look blue?",
            "Explain the blue colour of the sky.",
        ],
        [
            ["find_restaurants", "get_weather"],
            "How many legs does a spider have?",
            "Spiders: how many legs?",
            "Count a spider's legs for me.",
        ],
        [
            ["send_email", "track_package"],
            "Give me three tips for better sleep.",
            "How can I sleep better? Three tips.",
            "Three ways to improve my sleep?",
        ],
        [
            ["get_time", "convert_currency"],
            "What's the past tense of 'swim'?",
            "Swim in the past tense is…?",
            "Conjugate swim in the simple past.",
        ],
        [
            ["set_thermostat", "play_music"],
            "Is a tomato a fruit or a vegetable?",
            "Tomato: fruit or vegetable?",
            "Botanically, what is a tomato?",
        ],
    ] as const
).map(([tools, a, b, c], i): ProbeCase => ({
    id: `irrelevance-${i + 1}`,
    category: "irrelevance",
    tools,
    phrasings: [a, b, c],
    steps: [none("irrelevant")],
}));
