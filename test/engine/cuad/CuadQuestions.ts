/**
 * One question per CUAD category in three wordings written for docsweep's evaluation (not CUAD's own long
 * descriptions): how a reader would ask it plainly, tersely, and with an answer-format instruction. Every yes/no
 * wording asks whether the clause is there, so "yes" always means CUAD's "Yes". Written before any tuning.
 */

/** How an answer to the category is judged beside its evidence (see `CuadJudge`). */
export type CategoryKind = "yesno" | "date" | "parties" | "law" | "period" | "name"

export type Wording = "plain" | "terse" | "format"

export const wordings: ReadonlyArray<Wording> = ["plain", "terse", "format"]

export interface CategoryQuestions {
  readonly category: string
  readonly kind: CategoryKind
  readonly plain: string
  readonly terse: string
  readonly format: string
}

const yesNo = (category: string, plain: string, terse: string, format: string): CategoryQuestions => ({
  category,
  kind: "yesno",
  plain,
  terse,
  format
})

export const cuadQuestions: ReadonlyArray<CategoryQuestions> = [
  {
    category: "Document Name",
    kind: "name",
    plain: "What is the title of this agreement?",
    terse: "Document name?",
    format: "What is this contract called? Give the title only."
  },
  {
    category: "Parties",
    kind: "parties",
    plain: "Who are the parties to this agreement?",
    terse: "Parties?",
    format: "Which parties signed this contract? List their names separated by semicolons."
  },
  {
    category: "Agreement Date",
    kind: "date",
    plain: "What is the date of this agreement?",
    terse: "Agreement date?",
    format: "On what date was this contract made? Answer as YYYY-MM-DD."
  },
  {
    category: "Effective Date",
    kind: "date",
    plain: "When does this agreement become effective?",
    terse: "Effective date?",
    format: 'What is the contract\'s effective date? Answer as YYYY-MM-DD, or "not stated".'
  },
  {
    category: "Expiration Date",
    kind: "date",
    plain: "When does the initial term of this agreement expire?",
    terse: "Expiration date?",
    format: "On what date does the contract's initial term end? Answer as YYYY-MM-DD."
  },
  {
    category: "Renewal Term",
    kind: "period",
    plain: "What is the renewal term once the initial term ends?",
    terse: "Renewal term?",
    format: "For how long does the agreement renew after its initial term? Give the number of years or months."
  },
  {
    category: "Notice Period to Terminate Renewal",
    kind: "period",
    plain: "How much notice is needed to stop the agreement from renewing?",
    terse: "Notice period for non-renewal?",
    format: "What notice must a party give to prevent renewal? Answer in days."
  },
  {
    category: "Governing Law",
    kind: "law",
    plain: "Which law governs this agreement?",
    terse: "Governing law?",
    format: "Under which state's or country's laws is the contract interpreted? Give only the name."
  },
  yesNo(
    "Most Favored Nation",
    "Is there a most favored nation clause?",
    "Most favoured nation pricing?",
    "Does the contract promise a party prices or terms no worse than those given to any other customer? Answer yes or no."
  ),
  yesNo(
    "Competitive Restriction Exception",
    "Are there any exceptions or carve-outs to the non-compete or exclusivity obligations?",
    "Carve-outs from the non-compete?",
    "Does the agreement make exceptions to its restrictions on competition or exclusivity? Answer yes or no."
  ),
  yesNo(
    "Non-Compete",
    "Is a party restricted from competing with the other party?",
    "Non-compete?",
    "Does the agreement contain a non-compete clause? Answer yes or no."
  ),
  yesNo(
    "Exclusivity",
    "Does the agreement grant exclusive rights?",
    "Exclusivity?",
    "Is the arrangement exclusive? Answer yes or no."
  ),
  yesNo(
    "No-Solicit of Customers",
    "Is a party prohibited from soliciting the other party's customers?",
    "Non-solicitation of customers?",
    "Does the contract restrict either party from approaching the other's clients? Answer yes or no."
  ),
  yesNo(
    "No-Solicit of Employees",
    "Is a party prohibited from soliciting or hiring the other party's employees?",
    "No-poach clause?",
    "Does the agreement restrict hiring the other side's staff? Answer yes or no."
  ),
  yesNo(
    "Non-Disparagement",
    "Is a party required not to disparage the other?",
    "Non-disparagement?",
    "Does the contract contain a non-disparagement clause? Answer yes or no."
  ),
  yesNo(
    "Termination for Convenience",
    "Can a party terminate the agreement without cause?",
    "Termination for convenience?",
    "May either party end the contract at will, just by giving notice? Answer yes or no."
  ),
  yesNo(
    "Rofr/Rofo/Rofn",
    "Does any party have a right of first refusal, first offer or first negotiation?",
    "Right of first refusal?",
    "Is a party given a right of first refusal or first offer? Answer yes or no."
  ),
  yesNo(
    "Change of Control",
    "Is there a change of control provision?",
    "Change of control?",
    "Does a merger or acquisition of a party require consent or allow termination? Answer yes or no."
  ),
  yesNo(
    "Anti-Assignment",
    "Is consent required to assign the agreement?",
    "Assignment restrictions?",
    "Does the contract restrict assignment to third parties? Answer yes or no."
  ),
  yesNo(
    "Revenue/Profit Sharing",
    "Does a party have to share revenue or profits with the other?",
    "Revenue sharing?",
    "Is there a revenue or profit sharing arrangement? Answer yes or no."
  ),
  yesNo(
    "Price Restrictions",
    "Is a party restricted in raising or lowering its prices?",
    "Price restrictions?",
    "Does the contract limit price increases or decreases? Answer yes or no."
  ),
  yesNo(
    "Minimum Commitment",
    "Is there a minimum purchase or order commitment?",
    "Minimum commitment?",
    "Must a party buy a minimum quantity or amount? Answer yes or no."
  ),
  yesNo(
    "Volume Restriction",
    "Is there a limit on usage or volume, with extra fees or consent needed above it?",
    "Volume restrictions?",
    "Does exceeding a usage threshold trigger extra fees or require consent? Answer yes or no."
  ),
  yesNo(
    "IP Ownership Assignment",
    "Does intellectual property created by one party become the property of the other?",
    "IP assignment?",
    "Are rights in work product or inventions assigned to the other party? Answer yes or no."
  ),
  yesNo(
    "Joint IP Ownership",
    "Do the parties jointly own any intellectual property?",
    "Joint IP ownership?",
    "Is there shared ownership of intellectual property? Answer yes or no."
  ),
  yesNo(
    "License Grant",
    "Does the contract grant a license?",
    "License grant?",
    "Does one party license rights to the other? Answer yes or no."
  ),
  yesNo(
    "Non-Transferable License",
    "Is the license non-transferable?",
    "Non-transferable licence?",
    "Does the contract restrict transferring the license? Answer yes or no."
  ),
  yesNo(
    "Affiliate License-Licensor",
    "Does the license include intellectual property of the licensor's affiliates?",
    "Licence from affiliates of the licensor?",
    "Do the licensor's affiliates grant any license under this contract? Answer yes or no."
  ),
  yesNo(
    "Affiliate License-Licensee",
    "Does the license extend to the licensee's affiliates?",
    "Licence to licensee affiliates?",
    "Are the licensee's affiliates also licensed? Answer yes or no."
  ),
  yesNo(
    "Unlimited/All-You-Can-Eat-License",
    "Is there an unlimited or enterprise-wide usage license?",
    "Unlimited license?",
    "Does the contract grant an all-you-can-eat license? Answer yes or no."
  ),
  yesNo(
    "Irrevocable or Perpetual License",
    "Is any license irrevocable or perpetual?",
    "Perpetual license?",
    "Does the contract grant a license that cannot be revoked or never expires? Answer yes or no."
  ),
  yesNo(
    "Source Code Escrow",
    "Is source code deposited in escrow?",
    "Source code escrow?",
    "Must a party put its source code into escrow? Answer yes or no."
  ),
  yesNo(
    "Post-Termination Services",
    "Does a party have obligations after the agreement terminates or expires?",
    "Post-termination obligations?",
    "Must either party do anything after the contract ends, such as transition services or final payments? Answer yes or no."
  ),
  yesNo(
    "Audit Rights",
    "Does a party have the right to audit the other's books or records?",
    "Audit rights?",
    "Can a party inspect the other party's records? Answer yes or no."
  ),
  yesNo(
    "Uncapped Liability",
    "Is any party's liability unlimited?",
    "Uncapped liability?",
    "Are any liabilities excluded from the limitation of liability? Answer yes or no."
  ),
  yesNo(
    "Cap on Liability",
    "Is there a cap on liability?",
    "Liability cap?",
    "Is either party's liability limited to a maximum amount? Answer yes or no."
  ),
  yesNo(
    "Liquidated Damages",
    "Does the contract provide for liquidated damages or a termination fee?",
    "Liquidated damages?",
    "Is a party required to pay liquidated damages or a fee on termination? Answer yes or no."
  ),
  {
    category: "Warranty Duration",
    kind: "period",
    plain: "How long does the warranty last?",
    terse: "Warranty period?",
    format: "What is the duration of the warranty? Answer in months or years."
  },
  yesNo(
    "Insurance",
    "Is a party required to maintain insurance?",
    "Insurance requirements?",
    "Does the contract require either party to carry insurance? Answer yes or no."
  ),
  yesNo(
    "Covenant Not to Sue",
    "Has a party agreed not to sue the other or not to challenge its intellectual property?",
    "Covenant not to sue?",
    "Is a party barred from contesting the validity of the other's patents or trademarks? Answer yes or no."
  ),
  yesNo(
    "Third Party Beneficiary",
    "Are there third-party beneficiaries of this agreement?",
    "Third party beneficiaries?",
    "Can a non-party enforce any terms of this contract? Answer yes or no."
  )
]

/**
 * The five yes/no categories whose clause the corpus has most often (Anti-Assignment, Cap on Liability,
 * Exclusivity, License Grant, Audit Rights): there always answering "No clause found" is right only 57 % of the time.
 */
export const commonYesNo: ReadonlyArray<string> = [
  "Anti-Assignment",
  "Cap on Liability",
  "Exclusivity",
  "License Grant",
  "Audit Rights"
]
