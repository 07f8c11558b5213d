import assert from "node:assert/strict";
import {test} from "node:test";
import {validatorOf} from "../../../main/validator.js";

test("a validator compiles on its first use and says why a value fails", () => {
    // A schema ajv refuses: building the validator does not compile it (a module that loads costs nothing).
    const broken = validatorOf({type: "no such type"}, {strict: true});
    assert.throws(() => broken({}), /type/);

    const validate = validatorOf<{name: string}>(
        {type: "object", required: ["name"], properties: {name: {type: "string"}}},
        {allErrors: true, strict: true},
    );
    // Read through a function: an assertion on the property would narrow it for the lines after.
    const errors = () => validate.errors;
    assert.equal(validate({name: "x"}), true);
    assert.equal(errors(), null);
    assert.equal(validate({}), false);
    assert.equal(errors()?.[0]?.params.missingProperty, "name");
    assert.equal(validate({name: "y"}), true, "the same compiled schema, once more");
    assert.equal(errors(), null, "errors are the last check's");
});
