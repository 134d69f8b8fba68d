import { LEAD_STATUSES } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { REFERENCE_LISTS } from "../../db/reference-data";
import type { AppError } from "../../platform/errors";
import type { FormServiceType } from "../settings/index";
import { displayAnswer, validateAnswers } from "./lead-answers";

const q = (
  id: number,
  text: string,
  dataTypeId: number,
  fieldTypeId: number,
  extra: Partial<FormServiceType["questions"][number]> = {},
) => ({
  id,
  serviceTypeId: 1,
  text,
  dataTypeId,
  fieldTypeId,
  isRequired: false,
  isActive: true,
  sortOrder: id,
  responses: [],
  ...extra,
});
const type: FormServiceType = {
  id: 1,
  name: "Windows",
  description: "",
  isActive: true,
  sortOrder: 0,
  questions: [
    q(1, "Notes", 1, 2),
    q(2, "How many?", 2, 1, { isRequired: true }),
    q(3, "Budget", 3, 1),
    q(4, "Start", 4, 6),
    q(5, "Owner?", 5, 7),
    q(6, "Style", 6, 3, {
      responses: [
        { id: 61, text: "Double hung", sortOrder: 0 },
        { id: 62, text: "Casement", sortOrder: 1 },
      ],
    }),
    q(7, "Rooms", 7, 5, {
      responses: [
        { id: 71, text: "Kitchen", sortOrder: 0 },
        { id: 72, text: "Bath", sortOrder: 1 },
      ],
    }),
    q(8, "Alt phone", 8, 1),
    q(9, "Alt email", 9, 1),
    q(10, "Retired", 2, 1, { isRequired: true, isActive: false }),
  ],
};
const fails = (answers: { questionId: number; value: unknown }[]) => {
  try {
    validateAnswers(type, answers as never);
  } catch (err) {
    return err as AppError;
  }
  throw new Error("expected a refusal");
};

describe("validateAnswers", () => {
  it("stores each data type in its normal form and drops blank answers", () => {
    expect(
      validateAnswers(type, [
        { questionId: 1, value: "  hi " },
        { questionId: 2, value: "7" },
        { questionId: 3, value: "1200.50" },
        { questionId: 4, value: "2026-04-01" },
        { questionId: 5, value: false },
        { questionId: 6, value: 62 },
        { questionId: 7, value: [72, 71] },
        { questionId: 8, value: "1 (201) 555-0101" },
        { questionId: 9, value: " A@B.CO " },
        { questionId: 10, value: null },
      ]),
    ).toEqual([
      { questionId: 1, value: "hi" },
      { questionId: 2, value: 7 },
      { questionId: 3, value: 1200.5 },
      { questionId: 4, value: "2026-04-01" },
      { questionId: 5, value: false },
      { questionId: 6, value: 62 },
      { questionId: 7, value: [71, 72] },
      { questionId: 8, value: "2015550101" },
      { questionId: 9, value: "a@b.co" },
    ]);
  });

  it("requires active required questions only", () => {
    const err = fails([{ questionId: 2, value: "" }]);
    expect(err.status).toBe(400);
    expect(err.message).toBe('Answer the question "How many?"; it is required for Windows.');
    expect(Object.keys(err.errors ?? {})).toEqual(["body.answers.2"]);
    expect(validateAnswers(type, [{ questionId: 2, value: 1 }])).toHaveLength(1);
  });

  it.each([
    [1, 5, "must be text"],
    [2, 2.5, "must be a whole number"],
    [3, "a lot", "must be a number"],
    [4, "04/01/2026", "must be a date (yyyy-MM-dd)"],
    [4, "2026-02-30", "must be a date (yyyy-MM-dd)"],
    [5, 1, "must be yes or no"],
    [6, 71, "must be one of its choices"],
    [7, [71, 71], "must be some of its choices"],
    [7, 71, "must be some of its choices"],
    [8, "555-0101", "must be a 10-digit phone number"],
    [9, "not-an-email", "must be an email address"],
  ])("refuses question %i answered %j", (questionId, value, message) => {
    const required = questionId === 2 ? [] : [{ questionId: 2, value: 1 }];
    const err = fails([...required, { questionId, value }]);
    expect(err.message).toContain(message);
    expect(err.message).toContain(`"${type.questions.find((x) => x.id === questionId)!.text}"`);
  });

  it("refuses unknown and repeated questions", () => {
    expect(
      fails([
        { questionId: 2, value: 1 },
        { questionId: 99, value: 1 },
      ]).message,
    ).toContain("not a question of");
    expect(
      fails([
        { questionId: 2, value: 1 },
        { questionId: 2, value: 2 },
      ]).message,
    ).toContain("answered twice");
  });

  it("reads answers as a person would", () => {
    const style = type.questions[5];
    const rooms = type.questions[6];
    expect(displayAnswer(style, 62)).toBe("Casement");
    expect(displayAnswer(rooms, [71, 72])).toBe("Kitchen, Bath");
    expect(displayAnswer(type.questions[4], true)).toBe("Yes");
    expect(displayAnswer(style, 99)).toBe("#99");
  });
});

describe("lead statuses", () => {
  it("match the leadStatus reference list the server applies", () => {
    expect(LEAD_STATUSES.map((s) => ({ id: s.id, name: s.name }))).toEqual(
      REFERENCE_LISTS.leadStatus.map((s) => ({ id: s.id, name: s.name })),
    );
  });
});
