export { type SimulatedSms, type SmsSimulator, startSmsSimulator } from "./simulator";
export { e164, type SmsMessage, type SmsResult, type SmsSender } from "./sms";
export { type TwilioSettings, translate, twilioSms } from "./twilio";

/**
 * The Twilio-style settings from the environment (`SMS_API_URL`, `SMS_ACCOUNT_SID`, `SMS_AUTH_TOKEN`, `SMS_FROM`),
 * or null when they are not all set: the demo then keeps text messages in the development mailbox.
 */
export function smsSettingsFromEnv(env: Record<string, string | undefined>) {
  const { SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM } = env;
  if (!SMS_API_URL || !SMS_ACCOUNT_SID || !SMS_AUTH_TOKEN || !SMS_FROM) return null;
  return { baseUrl: SMS_API_URL, accountSid: SMS_ACCOUNT_SID, authToken: SMS_AUTH_TOKEN, from: SMS_FROM };
}
