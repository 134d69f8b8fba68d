import type { QrEntryRequest } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { normalizePhone, serverErrors } from "./form";

const sent: QrEntryRequest = {
  group: 0,
  formToken: "t",
  appointmentTypeId: 3,
  firstName: "Mia",
  lastName: "Garcia",
  answers: [
    { questionId: 11, value: 22 },
    { questionId: 12, value: 2 },
  ],
  consents: [{ destination: "crm", disclosureText: "x" }],
};

describe("the server's errors on the page", () => {
  it("places each beside its field: answers by question id or by index, consents, the window", () => {
    expect(
      serverErrors(
        {
          "body.phone": ["Enter a 10-digit phone number, such as 201 555 0123."],
          "body.answers.13": ["Answer this question"],
          "body.answers.1.value": ["Too long"],
          "body.consents.0.disclosureText": ["Changed"],
          "body.consents": ["Tick the box"],
          "body.windowId": ["Choose a window"],
          "body.formToken": ["Reload"],
        },
        sent,
      ),
    ).toEqual({
      phone: "Enter a 10-digit phone number, such as 201 555 0123.",
      "answers.13": "Answer this question",
      "answers.12": "Too long",
      "consents.crm": "Changed",
      consents: "Tick the box",
      window: "Choose a window",
      form: "Reload",
    });
  });

  it("checks a phone number as the server does (contact.ts)", () => {
    expect(normalizePhone("(201) 555-0147")).toBe("2015550147");
    expect(normalizePhone("+1 201 555 0147")).toBe("2015550147");
    expect(normalizePhone("555")).toBeNull();
    expect(normalizePhone("(101) 555-0147")).toBeNull();
  });
});
