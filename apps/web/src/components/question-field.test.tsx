import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithQueries } from "../test/render";
import { type AnswerDraft, type FormQuestion, QuestionField } from "./question-field";

const dropdown = (isRequired: boolean): FormQuestion => ({
  id: 1,
  text: "Roof age",
  dataTypeId: 6,
  fieldTypeId: 3,
  isRequired,
  responses: [
    { id: 10, text: "Under 10 years" },
    { id: 11, text: "10 years or more" },
  ],
});
const datePicker: FormQuestion = {
  id: 2,
  text: "Best day to visit",
  dataTypeId: 4,
  fieldTypeId: 6,
  isRequired: false,
  responses: [],
};

function Field({ question }: { question: FormQuestion }) {
  const [value, setValue] = useState<AnswerDraft>(null);
  return (
    <>
      <QuestionField question={question} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

async function pick(label: RegExp, option: string) {
  const input = screen.getAllByLabelText(label).find((el) => el instanceof HTMLInputElement) as HTMLElement;
  await userEvent.click(input);
  await userEvent.click(await screen.findByRole("option", { name: option, hidden: true }));
}

describe("QuestionField", () => {
  it("keeps a required dropdown's answer when the chosen option is tapped again", async () => {
    renderWithQueries(<Field question={dropdown(true)} />);
    await pick(/Roof age/, "Under 10 years");
    expect(screen.getByTestId("value").textContent).toBe("10");
    await pick(/Roof age/, "Under 10 years");
    expect(screen.getByTestId("value").textContent).toBe("10");
  });

  it("lets an optional dropdown's answer be taken back by tapping it again", async () => {
    renderWithQueries(<Field question={dropdown(false)} />);
    await pick(/Roof age/, "Under 10 years");
    await pick(/Roof age/, "Under 10 years");
    expect(screen.getByTestId("value").textContent).toBe("null");
  });

  it("draws a date question's field at once and its calendar once loaded", async () => {
    renderWithQueries(<Field question={datePicker} />);
    // The field is there while the calendar's code loads, then becomes the picker (a button that opens it).
    expect(screen.getByText("Best day to visit")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: /Best day to visit/ })).toBeTruthy());
  });
});
