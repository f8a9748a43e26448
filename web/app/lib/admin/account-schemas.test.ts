import { describe, expect, it } from "vitest";
import { adminTranslator } from "./messages";
import { displayNameSchema, newAccountSchema, passwordChangeSchema } from "./account-schemas";
import { fieldErrorsOf } from "./schemas";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0], adminTranslator("en"));

describe("the new account form", () => {
  const valid = { name: "Sita Gurung", email: "sita@example.org", role: "staff", passwordChoice: "set", password: "Seven mango trees" };

  it("takes a complete account, and a generated password without one typed", () => {
    expect(newAccountSchema.safeParse(valid).success).toBe(true);
    expect(newAccountSchema.safeParse({ ...valid, passwordChoice: "generate", password: "" }).success).toBe(true);
  });

  it("says what is wrong with each field, in the CMS's words", () => {
    const errors = errorsOf(newAccountSchema.safeParse({ name: " ", email: "sita@", role: "owner", passwordChoice: "set", password: "" }));
    expect(errors).toEqual({
      name: ["Name is required"],
      email: ["Invalid email address"],
      role: ["Choose a role: Manager or Staff."],
      password: ["Password is required"],
    });
  });

  it("applies the password rules to a password the manager sets", () => {
    const problem = (password: string) => errorsOf(newAccountSchema.safeParse({ ...valid, password })).password;
    expect(problem("short")).toEqual(["Password must be at least 10 characters long."]);
    expect(problem("sita@example.org!")).toEqual(["Password must not contain the e-mail address."]);
    expect(problem("password123")).toEqual(["This password is one of the most common ones. Choose one that is harder to guess."]);
    expect(problem("abababababab")).toEqual(["Password is too simple: use at least 5 different characters."]);
  });
});

describe("my account", () => {
  it("needs a name of at most 80 characters", () => {
    expect(errorsOf(displayNameSchema.safeParse({ name: "" }))).toEqual({ name: ["Name is required"] });
    expect(errorsOf(displayNameSchema.safeParse({ name: "x".repeat(81) }))).toEqual({ name: ["Name must be at most 80 characters."] });
    expect(displayNameSchema.safeParse({ name: "Sita" }).success).toBe(true);
  });

  it("needs the current password, a good new one, different, typed twice alike", () => {
    const schema = passwordChangeSchema("sita@example.org");
    expect(errorsOf(schema.safeParse({ currentPassword: "", password: "sita@example.org1", repeatPassword: "other" }))).toEqual({
      currentPassword: ["Current password is required"],
      password: ["Password must not contain the e-mail address."],
      repeatPassword: ["The two new passwords are not the same."],
    });
    expect(
      errorsOf(
        schema.safeParse({ currentPassword: "Seven mango trees", password: "Seven mango trees", repeatPassword: "Seven mango trees" }),
      ),
    ).toEqual({
      password: ["The new password must be different from the current one."],
    });
    expect(
      schema.safeParse({ currentPassword: "old one", password: "Seven mango trees", repeatPassword: "Seven mango trees" }).success,
    ).toBe(true);
  });
});
