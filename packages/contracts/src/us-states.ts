/** A US state: `id` 1..50 in alphabetical order of the two-letter `code`. */
export interface UsState {
  id: number;
  code: string;
  name: string;
}

/** The 50 US states (no DC or territories), ids 1 to 50 in alphabetical order of the code (AK=1, AL=2, ...). */
export const US_STATES: readonly UsState[] = Object.freeze(
  [
    { id: 1, code: "AK", name: "Alaska" },
    { id: 2, code: "AL", name: "Alabama" },
    { id: 3, code: "AR", name: "Arkansas" },
    { id: 4, code: "AZ", name: "Arizona" },
    { id: 5, code: "CA", name: "California" },
    { id: 6, code: "CO", name: "Colorado" },
    { id: 7, code: "CT", name: "Connecticut" },
    { id: 8, code: "DE", name: "Delaware" },
    { id: 9, code: "FL", name: "Florida" },
    { id: 10, code: "GA", name: "Georgia" },
    { id: 11, code: "HI", name: "Hawaii" },
    { id: 12, code: "IA", name: "Iowa" },
    { id: 13, code: "ID", name: "Idaho" },
    { id: 14, code: "IL", name: "Illinois" },
    { id: 15, code: "IN", name: "Indiana" },
    { id: 16, code: "KS", name: "Kansas" },
    { id: 17, code: "KY", name: "Kentucky" },
    { id: 18, code: "LA", name: "Louisiana" },
    { id: 19, code: "MA", name: "Massachusetts" },
    { id: 20, code: "MD", name: "Maryland" },
    { id: 21, code: "ME", name: "Maine" },
    { id: 22, code: "MI", name: "Michigan" },
    { id: 23, code: "MN", name: "Minnesota" },
    { id: 24, code: "MO", name: "Missouri" },
    { id: 25, code: "MS", name: "Mississippi" },
    { id: 26, code: "MT", name: "Montana" },
    { id: 27, code: "NC", name: "North Carolina" },
    { id: 28, code: "ND", name: "North Dakota" },
    { id: 29, code: "NE", name: "Nebraska" },
    { id: 30, code: "NH", name: "New Hampshire" },
    { id: 31, code: "NJ", name: "New Jersey" },
    { id: 32, code: "NM", name: "New Mexico" },
    { id: 33, code: "NV", name: "Nevada" },
    { id: 34, code: "NY", name: "New York" },
    { id: 35, code: "OH", name: "Ohio" },
    { id: 36, code: "OK", name: "Oklahoma" },
    { id: 37, code: "OR", name: "Oregon" },
    { id: 38, code: "PA", name: "Pennsylvania" },
    { id: 39, code: "RI", name: "Rhode Island" },
    { id: 40, code: "SC", name: "South Carolina" },
    { id: 41, code: "SD", name: "South Dakota" },
    { id: 42, code: "TN", name: "Tennessee" },
    { id: 43, code: "TX", name: "Texas" },
    { id: 44, code: "UT", name: "Utah" },
    { id: 45, code: "VA", name: "Virginia" },
    { id: 46, code: "VT", name: "Vermont" },
    { id: 47, code: "WA", name: "Washington" },
    { id: 48, code: "WI", name: "Wisconsin" },
    { id: 49, code: "WV", name: "West Virginia" },
    { id: 50, code: "WY", name: "Wyoming" },
  ].map((state) => Object.freeze(state)),
);

/** The state with this two-letter code (case-insensitive), or undefined. */
export function usStateByCode(code: string): UsState | undefined {
  const wanted = typeof code === "string" ? code.trim().toUpperCase() : "";
  return US_STATES.find((s) => s.code === wanted);
}

/** The state with this id (1..50), or undefined. */
export function usStateById(id: number): UsState | undefined {
  return Number.isInteger(id) && id >= 1 && id <= US_STATES.length ? US_STATES[id - 1] : undefined;
}
