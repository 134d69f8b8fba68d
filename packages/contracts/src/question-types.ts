/** Data types of custom questions: what an answer is. */
export const DATA_TYPES = [
  { id: 1, code: "text", name: "Text" },
  { id: 2, code: "number", name: "Number" },
  { id: 3, code: "decimal", name: "Decimal" },
  { id: 4, code: "date", name: "Date" },
  { id: 5, code: "boolean", name: "Yes / No" },
  { id: 6, code: "choice", name: "Single choice" },
  { id: 7, code: "multiChoice", name: "Multiple choice" },
  { id: 8, code: "phone", name: "Phone" },
  { id: 9, code: "email", name: "Email" },
] as const;

/** Field types of custom questions: how a question is asked, and which data types each can carry. */
export const FIELD_TYPES = [
  { id: 1, code: "textbox", name: "Text box", dataTypeIds: [1, 2, 3, 8, 9], hasChoices: false },
  { id: 2, code: "textarea", name: "Text area", dataTypeIds: [1], hasChoices: false },
  { id: 3, code: "dropdown", name: "Dropdown", dataTypeIds: [6], hasChoices: true },
  { id: 4, code: "radio", name: "Radio buttons", dataTypeIds: [6], hasChoices: true },
  { id: 5, code: "checkbox", name: "Checkboxes", dataTypeIds: [7], hasChoices: true },
  { id: 6, code: "datePicker", name: "Date picker", dataTypeIds: [4], hasChoices: false },
  { id: 7, code: "yesNo", name: "Yes / No switch", dataTypeIds: [5], hasChoices: false },
] as const;

export type DataTypeCode = (typeof DATA_TYPES)[number]["code"];
export type FieldTypeCode = (typeof FIELD_TYPES)[number]["code"];
