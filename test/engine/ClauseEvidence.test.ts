import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, documentOf, idOf, rulesAnswerOf, textDocument } from "./documentOf.js"

/** A short contract with one clause of interest between neutral ones. */
const contract = (clause: string) => {
  const text = `SAMPLE AGREEMENT\n\nThis Sample Agreement is made as of January 1, 2020 between Alpha Inc. ("Company") and Beta LLC ("Distributor").\n\n1. Fees are payable within thirty (30) days of invoice.\n\n${clause}\n\n3. This Agreement shall be governed by the laws of the State of New York.`
  return documentOf(idOf(text), "sample.txt", [text])
}

/** Clauses in wordings the engine's first patterns missed, each with a question that asks about its kind. */
const stated: ReadonlyArray<readonly [string, string]> = [
  [
    "Is consent required to assign the agreement?",
    "Company may assign this Agreement to an Affiliate upon written notice to Distributor."
  ],
  [
    "Is there a cap on liability?",
    "Any action by Distributor must be commenced within one (1) year after the cause of action has accrued."
  ],
  [
    "Does the contract grant a license?",
    "Supplier authorizes Distributor to use its trademarks and trade names solely to promote the Products."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "Franchisor may examine Franchisee's books, records and tax returns at any reasonable time."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Customer agrees to purchase such services solely from Provider during the Term."
  ],
  [
    "Can a party terminate the agreement without cause?",
    "Either party may, at its option, terminate this Agreement upon ninety (90) days prior written notice."
  ],
  [
    "Does a party have to share revenue or profits with the other?",
    "Reseller shall remit to Company fifty percent (50%) of the gross revenues received from subscriptions."
  ],
  [
    "Is there a change of control provision?",
    "Supplier may terminate this Agreement if Distributor is acquired by a competitor of Supplier."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "During the Term, Consultant shall not, directly or indirectly, engage in any business that competes with the Company."
  ],
  [
    "Does a party have obligations after the agreement terminates or expires?",
    "In the event of termination, Distributor shall immediately cease to use the Marks."
  ],
  [
    "Is any party's liability unlimited?",
    "Nothing in this Agreement limits either party's liability for fraud or for death caused by negligence."
  ],
  [
    "Does a party have to share revenue or profits with the other?",
    "In consideration of the license, Licensee shall pay Licensor a royalty of $2.00 per unit sold."
  ],
  [
    "Is there a minimum purchase or order commitment?",
    "Distributor shall order no fewer than 500 units in each Contract Year."
  ],
  [
    "Is consent required to assign the agreement?",
    "Any transfer of this Agreement by operation of law shall require the approval of Company."
  ],
  [
    "Is consent required to assign the agreement?",
    "Distributor's obligations hereunder are personal and may not be transferred to any other person."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "Company's accountants shall be given access to Distributor's accounts and records during normal business hours."
  ],
  [
    "Is there a cap on liability?",
    "The total amount recoverable by Distributor for all claims shall be limited to the fees paid in the prior twelve months."
  ],
  [
    "Is consent required to assign the agreement?",
    "Distributor shall not sell, pledge or otherwise dispose of this Agreement or any interest herein."
  ],
  [
    "Is there a cap on liability?",
    "The maximum liability of either party for any claim arising out of this Agreement is one million dollars ($1,000,000)."
  ],
  [
    "Does the contract grant a license?",
    "Subject to the terms hereof, Owner licenses to User the Technology for use in the Field."
  ],
  [
    "Does a party have to share revenue or profits with the other?",
    "The parties shall split equally all net profits from the Joint Venture."
  ],
  ["Is there a limit on usage or volume?", "Licensee may install the Software on no more than ten (10) servers."],
  [
    "Is a party restricted in raising or lowering its prices?",
    "Company shall not increase the prices of the Products during the first two years of the Term."
  ],
  [
    "Is consent required to assign the agreement?",
    "This Agreement and the rights granted hereunder are not transferable by Distributor."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "During the Term, Company will not sell the Products to any person in the Territory other than Distributor."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Distributor shall be Company's only authorized reseller of the Products in North America."
  ],
  ["Does the contract grant a license?", "Licensee is authorized to reproduce the Content solely on its website."],
  [
    "Does a party have obligations after the agreement terminates or expires?",
    "Upon termination Company shall repurchase Distributor's inventory of Products at the price paid."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "Distributor shall not, directly or indirectly, manufacture or distribute any product similar to the Products."
  ],
  [
    "Is the license non-transferable?",
    "The rights granted to Distributor hereunder may not be assigned or sublicensed without Company's consent."
  ],
  [
    "Is there a most favored nation clause?",
    "The prices charged to Distributor shall be no higher than the lowest prices Company charges any other distributor for the same Products."
  ],
  [
    "Is there a most favored nation clause?",
    "Company represents that the rates in Exhibit B are at least as low as those it charges to any similarly situated customer."
  ],
  [
    "Does any party have a right of first refusal, first offer or first negotiation?",
    "If Company receives a bona fide offer for the Assets, Distributor shall have thirty (30) days to match such offer."
  ],
  [
    "Is there a change of control provision?",
    "If a competitor of Company acquires more than fifty percent (50%) of the voting stock of Distributor, Company may terminate this Agreement."
  ],
  [
    "Is there a limit on usage or volume, with extra fees or consent needed above it?",
    "If Distributor's usage exceeds 1,000,000 transactions per month, Distributor shall pay the excess usage fees set out in Exhibit C."
  ],
  [
    "Do the parties jointly own any intellectual property?",
    "The parties shall each own an undivided one-half interest in the Joint Developments."
  ],
  [
    "Does the license extend to the licensee's affiliates?",
    "Distributor may permit its Affiliates to exercise the rights granted under this license."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "Company or its designated representative shall have access to Distributor's facilities to verify compliance with this Agreement."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Distributor shall not, during the Term, represent or sell any products of a competitor of Company."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Distributor shall not enter into any similar agreement with any other supplier during the Term."
  ],
  [
    "Does intellectual property created by one party become the property of the other?",
    "Distributor shall execute all documents necessary to transfer to Company ownership of any patents arising from the Services."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "Distributor covenants that it will not, within the Territory, carry on any business similar to the business of Company."
  ],
  [
    "Can a party terminate the agreement without cause?",
    "Distributor may end this Agreement at any time by giving Company six months' notice in writing."
  ],
  ["Is any party's liability unlimited?", "Distributor's liability for breach of Section 8 shall be unlimited."],
  [
    "Has a party agreed not to sue the other or not to challenge its intellectual property?",
    "Distributor covenants not to assert any claim of infringement against Company or its customers."
  ],
  [
    "Does the contract provide for liquidated damages or a termination fee?",
    "Should Distributor fail to meet the delivery date, Distributor shall pay Company a late delivery charge of 1% of the order value per week."
  ],
  // Kinds as CUAD's category descriptions draw them, in drafting written for docsweep (round five).
  [
    "Does a party have obligations after the agreement terminates or expires?",
    "Following termination, Company shall have the right to purchase from Distributor any remaining inventory of the Products at cost."
  ],
  [
    "Does a party have obligations after the agreement terminates or expires?",
    "Distributor may continue to sell its remaining inventory of Products for six (6) months after the effective date of termination."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "During the Term, Distributor shall not enter into any agreement with a third party for the development of products similar to the Products."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Company agrees not to license the Technology to any third party in the Field during the Term."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "Distributor shall provide Company with quarterly reports of all units sold, and Company may verify such reports at its own expense."
  ],
  [
    "Is a party required to maintain insurance?",
    "Distributor shall furnish Company with certificates of insurance evidencing the coverage required by this Section."
  ],
  [
    "Does the contract grant a license?",
    "Subject to the terms of this Agreement, Distributor may access and use the Platform for its internal business purposes."
  ],
  [
    "Does the contract grant a license?",
    "Company grants Distributor the right to distribute the Software to end users in the Territory."
  ],
  [
    "Is the license non-transferable?",
    "Distributor may not transfer, sublicense or otherwise make the Software available to any third party."
  ],
  [
    "Does the license extend to the licensee's affiliates?",
    "Distributor may extend the license granted hereunder to its subsidiaries, provided Distributor remains responsible for them."
  ],
  [
    "Is there a volume restriction?",
    "If Distributor's usage exceeds the number of transactions included in its plan, Company shall invoice the excess at the rates in Exhibit B."
  ],
  [
    "Is there a volume restriction?",
    "Distributor may not order more than 5,000 units in any month without Company's prior written consent."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Corvane shall be the supplier of the Product for the Territory; provided, however, that during the Term Corvane shall not, and shall cause its Affiliates not to, manufacture or supply for or to any third party any finished dosage form containing the Compound."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "During each Contract Year, Halvorsen shall purchase from Corvane not less than seventy-five percent (75%) of Halvorsen's and its Affiliates' aggregate requirements of Product."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "During the Development Term, neither Developer, nor any Principal Owner, nor any member of the immediate family of any Principal Owner shall, directly or indirectly, for itself or through, on behalf of or in conjunction with any person, own, maintain, operate, engage in, be employed by, provide assistance to, or have any interest in any Competitive Business, wherever located."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "Franchisor shall not, and shall cause its Affiliates not to, establish or operate, or license any person other than Developer to establish or operate, a Restaurant at any location within the Territory."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "During the Term, Reseller shall not, directly or through any Affiliate, market, distribute or bundle with its work-order management systems any field service scheduling or dispatch software of any person other than Meridian."
  ],
  [
    "Is either party restricted from making negative public statements about the other?",
    "During the Term and for one (1) year after, neither Party shall make any public statement that disparages the other Party or its products."
  ],
  [
    "Is there a volume restriction?",
    "Carrier shall not be obligated to accept, in any week, Shipments on a Lane in excess of one hundred twenty-five percent (125%) of the weekly volume forecast for that Lane."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "During the Term and for one year thereafter, Distributor shall not operate any restaurant within a ten (10) mile radius of the Premises."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "Distributor shall not engage in the business of manufacturing dental implants anywhere in North America while this Agreement is in effect."
  ],
  [
    "Is a party restricted from soliciting the other's customers?",
    "Distributor agrees not to contract directly with any client introduced to it by Company for twelve (12) months after termination."
  ],
  [
    "Is there a right of first refusal, first offer or first negotiation?",
    "Company shall negotiate exclusively and in good faith with Distributor for sixty (60) days before licensing the Technology for any new field to a third party."
  ],
  [
    "Is there a change of control provision?",
    "This Agreement may be terminated by Company if Distributor is merged into another entity or sells a majority of its voting stock."
  ],
  [
    "Is there a restriction on raising or lowering prices?",
    "Company shall not reduce the price of the Products sold to Distributor's competitors below the price charged to Distributor."
  ],
  [
    "Does the license include the licensor's affiliates?",
    "Company, on behalf of itself and its Affiliates, grants to Distributor a license under the patents owned by Company and its Affiliates."
  ],
  [
    "Is there an unlimited or enterprise-wide license?",
    "Distributor may make as many copies of the Software as it deems necessary for its internal use."
  ],
  [
    "Is there an unlimited or enterprise-wide license?",
    "The license includes an enterprise-wide right to use the Software without limitation on the number of users."
  ],
  [
    "Is source code held in escrow?",
    "Company shall deposit the source code of the Software with Iron Mountain, to be released to Distributor if Company files for bankruptcy."
  ],
  [
    "Is source code held in escrow?",
    "Within thirty days, Licensor shall place a copy of the Source Materials in escrow with a mutually agreed escrow agent."
  ],
  [
    "Does the contract provide for liquidated damages or a termination fee?",
    "If Distributor terminates this Agreement before the end of the Initial Term, Distributor shall pay Company an amount equal to the fees for the remainder of the Initial Term."
  ],
  [
    "Has a party agreed not to sue the other or not to challenge its intellectual property?",
    "Distributor acknowledges the validity of the Licensed Patents and agrees not to contest them."
  ],
  // Wordings of SEC-filed contracts written for the purpose, which the patterns above missed.
  [
    "Most favored nation?",
    "If at any time during the Term Company sells to any other customer any product substantially similar to the Products at a price per unit lower than the Price then in effect, the Price shall be reduced to such lower price."
  ],
  [
    "Most favored nation?",
    "If Company offers any other customer fees for comparable services that are lower, Company shall adjust the fees so that they are no less favorable to Distributor."
  ],
  [
    "Exclusivity?",
    "Distributor shall purchase from Company not less than eighty percent (80%) of Distributor's requirements of the Products."
  ],
  [
    "Exclusivity?",
    "Distributor shall serve as the sole and exclusive retail outlet for the Products in the Territory."
  ],
  [
    "Minimum commitment?",
    'Distributor shall purchase from Company, in each Contract Year, Products having an aggregate net price of not less than Seven Hundred Fifty Thousand Dollars ($750,000) (the "Annual Commitment").'
  ],
  [
    "Minimum commitment?",
    "Company guarantees that royalties payable for each Contract Year shall be not less than Three Hundred Thousand Dollars ($300,000)."
  ],
  [
    "ROFR / ROFO / ROFN?",
    "If Company intends to appoint a reseller for the Products in the Territory, Company shall first notify Distributor in writing and, for a period of sixty (60) days, negotiate exclusively and in good faith with Distributor."
  ],
  [
    "Is there a right of first refusal?",
    "Distributor shall have ten (10) business days within which to agree to enter into an agreement with Company on terms equivalent to those in such offer."
  ],
  [
    "Right of first offer?",
    "If Company receives a bona fide offer from a third party to lease the Expansion Space, Distributor shall have the right to lease it on the same terms as those offered by such third party."
  ],
  [
    "Non-compete?",
    "During the Research Term and for eighteen (18) months thereafter, Company shall not, alone or with any Third Party, conduct any research or development program directed at the Target."
  ],
  [
    "Does the agreement restrict either party from competing?",
    "Company shall ensure that, during the Term and for six (6) months thereafter, none of the Company Properties publishes sponsored content, affiliate content or paid advertisements for any skin care or hair care product that competes with any Product."
  ],
  [
    "Non-compete?",
    "Company shall not develop, license or provide to any of the entities listed in Exhibit E any patient scheduling software having functionality substantially similar to the System."
  ],
  [
    "Is there a most favored nation clause?",
    "Company promises that the price given to Distributor is not higher than the price which Company gives to any other customer in North America for the Product."
  ],
  [
    "Change of control?",
    "If the controlling shareholder or actual controller of Company changes, Company shall inform Distributor in writing within fifteen (15) days after the change is registered."
  ],
  [
    "No-solicit of employees?",
    "During the Term, Distributor shall not employ or seek to employ any person who is, or was within the preceding six (6) months, employed in a managerial capacity by Company."
  ],
  [
    "Post-termination services?",
    "Following any expiration or termination of this Agreement, Distributor may, for a period of ninety (90) days, distribute Products from inventory on hand and fulfil orders accepted before termination."
  ],
  [
    "Uncapped liability?",
    "Distributor's indemnification obligations under Section 13.1 shall not be subject to any limitation or cap of any kind."
  ],
  [
    "Covenant not to sue?",
    "Each Party covenants that it shall not contest, challenge or bring any action attacking the validity of the other Party's Marks."
  ],
  [
    "Price restrictions?",
    "Supplier shall not increase the Charges or the hourly rates set out in Schedule C at any time prior to the third (3rd) anniversary of the Commencement Date."
  ],
  [
    "Are there price restrictions?",
    "Company may raise the Annual Fee once a year on written notice, but any such increase shall not exceed the percentage increase in the CPI."
  ],
  [
    "Affiliate license?",
    "Company hereby grants to Distributor and its Affiliates a non-exclusive, perpetual, worldwide license to use the Materials."
  ],
  [
    "Uncapped liability?",
    "Section 13.2 shall not limit Company's obligations under Section 13.1 or its liability for bodily injury or death caused by its negligence, none of which shall be subject to any cap."
  ],
  // A volume cap drafted from the seller's side, asked in a reader's words.
  [
    "Is there a volume restriction?",
    "Company shall not be obligated to sell to Distributor more than nine hundred million (900,000,000) Miles in any Program Year."
  ],
  [
    "Volume restriction?",
    "Company shall not be obligated to process, in any calendar week, more than one hundred twenty-five percent (125%) of the outbound Orders forecast for such week."
  ],
  // A duty after the end with a phrase between its verb and its modal.
  [
    "Are there post-termination obligations?",
    "Upon expiration or termination of this Agreement for any reason, Escrow Agent shall, within thirty (30) days, return the Deposit Materials to Depositor at Depositor's expense."
  ],
  // A right for convenience beside one for good cause, and a duty that survives the end and stays in force until met.
  [
    "Can a party terminate for convenience?",
    "Either party may terminate this Agreement for convenience upon thirty (30) days' written notice, or for good cause immediately upon written notice."
  ],
  [
    "Are there post-termination services?",
    "The obligation of Distributor to make the payments required by this Section shall survive the termination of this Agreement and remain in full force and effect until all such payments have been made in full."
  ],
  // Liability left uncapped by a section that "shall not limit" it, or stated "without limitation".
  [
    "Is liability uncapped for anything?",
    "Sections 10.1 and 10.2 shall not limit (a) Distributor's obligations to pay the Fees, (b) either Party's obligations under Article 11 with respect to third-party claims, or (c) liability for a Party's gross negligence or willful misconduct."
  ],
  [
    "Uncapped liability?",
    "The Company shall be liable without limitation for damages caused by intent or gross negligence and for damages arising from injury to life, body or health."
  ],
  // A change of control stated as a deemed assignment, with no "change of control".
  [
    "Change of control?",
    "Any transaction in which a Person acquires more than fifty percent (50%) of the membership interests of Distributor, or in which Distributor merges into or consolidates with another Person, shall be deemed an assignment of this Agreement by Distributor."
  ],
  // Most-favoured terms without "most favored": a rate no higher than another's, better terms to be received, a fee
  // reduced to another's lower one.
  [
    "Is there a most favored nation clause?",
    "Company shall not charge Distributor hourly rates for any category of personnel that exceed the rates Company charges to any other client for substantially similar services."
  ],
  [
    "MFN?",
    "If Company agrees with any other distributor to terms more favorable than those given to Distributor hereunder, Distributor shall be entitled, at its election, to receive such more favorable terms."
  ],
  [
    "MFN?",
    "Should Company license the Data to another distributor at a lower per-subscriber fee, Company shall reduce the Per-Subscriber Fee payable hereunder to such lower fee."
  ]
]

/** Sentences that share words with a kind of clause but are not one. */
const notStated: ReadonlyArray<readonly [string, string]> = [
  // A lapsed right of first refusal lets the other deal on terms "not materially more favorable": no MFN.
  [
    "Is there a most favored nation clause?",
    "If Developer does not timely exercise its right under Section 6.2, Franchisor may grant the development rights described in the Offer Notice to the proposing party on terms not materially more favorable to such party than those set forth in the Offer Notice."
  ],
  // A termination an event triggers is none for convenience, not even hedged.
  [
    "Can a party terminate for convenience?",
    "Franchisor may terminate this Agreement, effective upon delivery of written notice to Developer, if:"
  ],
  [
    "Can a party terminate for convenience?",
    "Sponsor may terminate this Agreement on sixty (60) days' written notice if the franchise is relocated such that the team no longer plays a majority of its home games at the Arena."
  ],
  [
    "Irrevocable or perpetual license?",
    "EACH PARTY IRREVOCABLY WAIVES ANY RIGHT TO TRIAL BY JURY IN ANY ACTION ARISING OUT OF THIS AGREEMENT."
  ],
  [
    "IP ownership assignment?",
    "ALPHA INC. By: /s/ Jane Roe Title: Senior Vice President, Title: President and Chief Business Development Officer"
  ],
  [
    "Joint IP ownership?",
    "Each Principal Owner shall execute the Guaranty, pursuant to which such Principal Owners shall be jointly and severally liable for the obligations and property of Distributor."
  ],
  [
    "Termination for convenience?",
    "Distributor shall maintain insurance policies which may not be cancelled without thirty (30) days' prior written notice to Company."
  ],
  [
    "Covenant not to sue?",
    "If any provision is held invalid, the validity of the other provisions of this Agreement shall not be affected."
  ],
  [
    "Does the agreement grant exclusive rights?",
    "The courts of New York shall have exclusive jurisdiction over any dispute."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "The financial statements have been audited by independent public accountants."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "The foregoing shall not affect the right of the parties to seek relief before the competent court."
  ],
  [
    "Can a party terminate the agreement without cause?",
    "This Agreement may be terminated by either party at the expiration of its term upon thirty (30) days written notice."
  ],
  [
    "Is consent required to assign the agreement?",
    "Distributor shall not sell the Products below the prices in this Agreement's Schedule B."
  ],
  [
    "Does the contract grant a license?",
    "Distributor shall obtain, at its own expense, all licenses and permits required by applicable law."
  ],
  [
    "Is any party's liability unlimited?",
    "Person includes any corporation, partnership or unlimited liability company."
  ],
  [
    "Has a party agreed not to sue the other or not to challenge its intellectual property?",
    "An invalid provision shall not affect or impair the validity or enforceability of the other provisions."
  ],
  [
    "Does the license extend to the licensee's affiliates?",
    "Distributor shall not permit its Affiliates to resell the Products outside the Territory."
  ],
  [
    "Is there a change of control provision?",
    "Distributor holds a majority interest in its Canadian subsidiary, which shall comply with this Agreement."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "Distributor shall have access to Company's loading docks during business hours to collect the Products."
  ],
  [
    "Does the contract provide for liquidated damages or a termination fee?",
    "Late payments shall bear interest at one percent (1%) per month."
  ],
  [
    "Does a party have obligations after the agreement terminates or expires?",
    "Distributor may continue to sell the Products during the Term."
  ],
  [
    "Does a party have the right to audit the other's books or records?",
    "Company may verify the identity of each user."
  ],
  [
    "Is the license non-transferable?",
    "Distributor shall not transfer any Software outside the United States in violation of export laws."
  ],
  ["Is there a volume restriction?", "Distributor shall not order more than 100 units per order."],
  [
    "Is there an unlimited or enterprise-wide license?",
    "Company shall provide Distributor with as many copies of the brochures as Distributor may reasonably request."
  ],
  [
    "Does the license include the licensor's affiliates?",
    "Distributor shall not register any trademark owned by Company or its affiliates."
  ]
]

/** Look-alikes that a kind's vocabulary may quote under a hedged "Possibly:", but never answer "Yes". */
const notClaimed: ReadonlyArray<readonly [string, string]> = [
  // The agreement's own term, or a service continuing month to month, is no duty after it ends.
  [
    "Are there post-termination services?",
    "Upon the expiration of the Service Term, such Service shall continue on a month-to-month basis until either Party gives the other sixty (60) days' written notice of termination."
  ],
  // A sum said not to be liquidated damages, and a right to end free of any fee, are none.
  [
    "Is there a liquidated damages clause?",
    "The Shortfall Payment is consideration for such reservation and is not a penalty, a forfeiture or liquidated damages."
  ],
  [
    "Are there liquidated damages?",
    "Company may terminate this Agreement upon written notice given within ninety (90) days, without payment of any wind-down fee or cancellation charge."
  ],
  // A party named "Customer": its employees solicited "for employment", and restrictions that "bind Customer".
  [
    "Is a party restricted from soliciting the other's customers?",
    "During the Term, Supplier shall not, without Customer's prior written consent, solicit for employment any employee of Customer with whom Supplier had contact, and the same restriction shall bind Customer with respect to Supplier's personnel; provided that general solicitations not targeted at such personnel shall not violate this Section 9.2 or restrict Customer from offering employment to any Key Personnel."
  ],
  [
    "Minimum commitment?",
    "Distributor shall purchase the Products at a price not less than Company's cost plus ten percent (10%)."
  ],
  [
    "Is a party restricted from competing with the other party?",
    "Distributor shall not engage in the business of lending within thirty days of the Closing."
  ],
  [
    "Is there a minimum commitment?",
    "Distributor shall spend no less than $250,000 per year on advertising the Products."
  ],
  [
    "Does a party have to share revenue or profits with the other?",
    "Distributor shall pay Company the purchase price for each unit of the Products sold to it."
  ],
  [
    "Does intellectual property become the property of the other party?",
    "Upon termination, all rights granted to Distributor in the Technology shall revert to Company."
  ],
  [
    "Does the contract grant a license?",
    "Subject to the terms of this Agreement, Supplier may use the services of subcontractors to perform its obligations."
  ],
  [
    "Is a party restricted from soliciting the other's customers?",
    "Distributor shall not do business with any customer that appears on a government denied-parties list."
  ],
  [
    "Is the license non-transferable?",
    "Company shall not transfer any Customer Content to any third party except as required by law."
  ],
  [
    "Does the contract provide for liquidated damages or a termination fee?",
    "Upon any termination prior to the expiration of the Term, Customer shall pay all remaining amounts due for Services performed through the termination date."
  ],
  // An exception that names no restriction cannot be told to be one to a competitive restriction.
  [
    "Are there any exceptions or carve-outs to the non-compete or exclusivity obligations?",
    "Notwithstanding Section 5, Distributor may continue to sell the products it sold before the Effective Date."
  ]
]

describe("kinds of clause in their usual wordings", () => {
  it.effect("finds each stated clause, and quotes it", () =>
    Effect.gen(function* () {
      for (const [question, clause] of stated) {
        const answer = yield* answerOf(question, contract(clause))
        assert.match(answer, /^Yes/, `${question} / ${clause}\n${answer}`)
        assert.include(answer.replace(/\s+/g, " "), clause.slice(0, 40), question)
      }
    })
  )

  it.effect("says no clause is there when only the words are", () =>
    Effect.gen(function* () {
      for (const [question, sentence] of notStated) {
        const answer = yield* answerOf(question, contract(sentence))
        assert.match(answer, /^No clause found/, `${question} / ${sentence}\n${answer}`)
      }
    })
  )

  it.effect("a look-alike the vocabulary finds is at most hedged", () =>
    Effect.gen(function* () {
      for (const [question, sentence] of notClaimed) {
        const answer = yield* answerOf(question, contract(sentence))
        assert.notMatch(answer, /^Yes/, `${question} / ${sentence}\n${answer}`)
      }
    })
  )

  it.effect("a heading that names the kind is evidence of it; one that heads the opposite is not", () =>
    Effect.gen(function* () {
      const insured = yield* answerOf(
        "Is a party required to maintain insurance?",
        contract(
          "12. Insurance.\n\nFranchisee shall keep the Restaurant covered at all times as the Manual requires, naming Franchisor."
        )
      )
      assert.match(insured, /^Yes\.\n\n"12\. Insurance\. Franchisee shall keep the Restaurant covered/)
      const open = yield* answerOf(
        "Does the agreement grant exclusive rights?",
        contract("4. Non-Exclusivity.\n\nSupplier may appoint other distributors in the Territory at any time.")
      )
      assert.match(open, /^No clause found/)
      // "Equal Treatment", "Pricing Parity": headings of a most-favoured clause worded without "most favored".
      const parity = yield* answerOf(
        "MFN?",
        contract(
          "5.7 Pricing Parity. Should Company enter into an agreement with any other distributor under which the fee for the same Data is lower, Company shall so notify Distributor."
        )
      )
      assert.match(parity, /^Yes\.\n\n"5\.7 Pricing Parity\./)
    })
  )
})

describe("quotes", () => {
  const long =
    "Each party shall indemnify, defend and hold harmless the other party and its officers, directors, employees and agents from and against any and all losses, damages, liabilities, costs and expenses, including reasonable attorneys' fees, arising out of any third-party claim to the extent caused by the indemnifying party's breach of this Agreement, its negligence or willful misconduct, or its violation of applicable law, provided that the indemnified party gives prompt written notice of the claim and reasonable cooperation in its defence at the indemnifying party's expense, and that no settlement admitting fault of the indemnified party is made without its consent."

  it.effect("the main quote is the clause whole, further quotes are cut", () =>
    Effect.gen(function* () {
      assert.isAbove(long.length, 500)
      const answer = yield* answerOf("What must each party indemnify the other against?", contract(long))
      assert.include(answer, `"${long}"`)
      const audit = (region: string) =>
        `Licensee shall keep complete and accurate books and records for ${region} and shall permit Licensor or its independent auditors, on thirty (30) days' written notice and not more than once in any calendar year, to audit those books and records during normal business hours to verify the royalties reported and paid under this Agreement, the costs of any audit to be borne by Licensor unless it reveals an underpayment of more than five percent (5%) for the period audited, in which case Licensee shall reimburse those costs and pay the shortfall with interest.`
      const two = yield* answerOf(
        "Audit rights?",
        contract(`${audit("Europe")}\n\n4. Fees are due monthly.\n\n${audit("Asia")}`)
      )
      const [, first, second] = two.split("\n\n")
      assert.oneOf(first, [`"${audit("Europe")}" (p. 1)`, `"${audit("Asia")}" (p. 1)`])
      assert.match(second ?? "", /^"Licensee shall keep .*\.\.\." \(p\. 1\)$/)
      assert.isBelow(second?.length ?? 0, 400)
    })
  )

  it.effect("a clause answer quotes each place the document states it, at most three", () =>
    Effect.gen(function* () {
      const clauses = [1, 2, 3, 4]
        .map(
          (n) =>
            `${n + 3}. Records. Licensee shall permit Licensor to audit the records of Region ${n} once a year.\n\nRoyalties for Region ${n} are due quarterly.`
        )
        .join("\n\n")
      const answer = yield* rulesAnswerOf("Audit rights?", contract(clauses))
      assert.strictEqual(answer.match(/Licensor to audit the records of Region/g)?.length, 3)
    })
  )

  it.effect("a yes also quotes where the document states the kind in other words", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf(
        "Is consent required to assign the agreement?",
        contract(
          "2. Neither party may assign this Agreement without the prior written consent of the other party.\n\n" +
            "4. Fees are due monthly.\n\n" +
            "5. Any successor to Distributor's rights must first be approved by Company before those rights are transferred to it."
        )
      )
      assert.match(answer, /^Yes\./)
      assert.include(answer, "Neither party may assign this Agreement")
      assert.include(answer, "must first be approved by Company before those rights are transferred")
    })
  )

  it.effect("a heading quoted as the clause brings the clause under it, in the next passage too", () =>
    Effect.gen(function* () {
      const filler = Array.from(
        { length: 6 },
        (_, i) =>
          `${i + 4}. Item ${i}. The parties shall cooperate in good faith on matter ${i} as reasonably requested from time to time.`
      ).join(" ")
      const answer = yield* answerOf(
        "Non-compete?",
        contract(
          `${filler} 9. Non-Competition. During the Interim Period, neither party shall engage in the business of renting cars in the Territory.`
        )
      )
      assert.match(answer, /^Yes\./)
      assert.include(answer, "neither party shall engage in the business of renting cars")
    })
  )
})

/** A sponsorship's negotiation period, "Exclusive" by name only, as two of the texts below set it (wrapped as PDF text). */
const exclusiveNegotiation = [
  "     2.2  Exclusive Negotiation Period. During the period beginning on",
  'September 1, 2023 and ending on December 31, 2023 (the "Exclusive',
  'Negotiation Period"), Club shall negotiate exclusively and in good faith',
  "with Sponsor regarding a renewal or extension of this Agreement, and Club",
  "shall not during such period solicit, negotiate or discuss with any",
  "Competitor the grant of sponsorship rights in the Exclusive Category for any",
  "period after the Term."
]

/**
 * A further quote found in other words that is a section heading ("2.3 Matching Right.", set on the line of its
 * clause, as text converted from PDF is) is quoted with the clause it opens, not alone.
 */
const matchingRight = textDocument(
  [
    "SPONSORSHIP AGREEMENT",
    "",
    "",
    '     1.8  "Effective Date" means July 1, 2019.',
    "",
    "",
    "                   ARTICLE 2 - TERM; OPTION TO EXTEND",
    "",
    "     2.1  Term. The term of this Agreement shall commence on the Effective",
    "Date and, unless sooner terminated in accordance with Article 11, shall",
    "continue through and including the last day of the fifth (5th) Contract",
    'Year, being June 30, 2024 (the "Term").',
    "",
    ...exclusiveNegotiation,
    "",
    "     2.3  Matching Right. If the Parties have not executed a written renewal",
    "by the end of the Exclusive Negotiation Period, then for a period of twelve",
    "(12) months following the expiration of the Term, Club shall not enter into",
    "any agreement with a third party granting sponsorship rights in the",
    "Exclusive Category unless Club first delivers to Sponsor a written summary",
    "of the material terms of the bona fide third-party offer that Club is",
    "prepared to accept, and Sponsor has failed, within fifteen (15) business",
    "days after receipt thereof, to notify Club in writing that Sponsor will",
    "enter into an agreement with Club on terms substantially equivalent to such",
    "material terms. If Sponsor so notifies Club, the Parties shall promptly",
    "execute an agreement on such terms. The rights in this Section 2.3 shall",
    "survive expiration of the Term but not any termination of this Agreement by",
    "Club under Section 11.2."
  ].join("\n")
)

describe("a heading quoted as a further place", () => {
  it.effect("brings the clause under it", () =>
    Effect.map(answerOf("Does the sponsor have a right to match third-party offers?", matchingRight), (answer) => {
      assert.match(answer, /^Yes\./)
      assert.include(answer, '"2.3 Matching Right. If the Parties have not executed a written renewal')
    })
  )
})

/**
 * A sponsorship's category exclusivity ("shall not … grant to any Competitor any sponsorship … rights") under an
 * ARTICLE heading that closes its passage, and an "Exclusive Negotiation Period" earlier, which is no exclusivity
 * heading: the category clause is quoted first.
 */
const categoryExclusivity = textDocument(
  [
    "SPONSORSHIP AGREEMENT",
    "",
    "ARTICLE 2 - TERM",
    "",
    ...exclusiveNegotiation,
    "",
    "ARTICLE 3 - SPONSORSHIP BENEFITS",
    "",
    "     3.1  Signage. Club shall display Sponsor's marks on two dasherboard",
    "panels at every Home Game and on the main video board at least twice during",
    "each period of play.",
    "",
    "     3.2  Media. Club shall procure for Sponsor one thirty-second commercial",
    "unit in each regional television broadcast of every regular season game.",
    "",
    "ARTICLE 4 - CATEGORY EXCLUSIVITY",
    "",
    "     4.1  During the Term, Club shall not, and shall cause its Affiliates",
    "and the Arena operator not to, (a) grant to any Competitor any sponsorship,",
    "advertising, promotional, signage or hospitality rights at the Arena or in",
    "connection with the Club Marks, or (b) permit any Competitor to be",
    "identified as an official supplier, partner or sponsor of Club in any",
    "category; provided, however, that the foregoing shall not restrict (i)",
    "League-wide sponsorships entered into by the League or its properties",
    "affiliate, (ii) advertising sold by national broadcast partners of the",
    "League, or (iii) signage at events at the Arena that are not Home Games",
    "and that are promoted by third parties, so long as any Competitor signage at",
    "such events does not appear within the ice surface or dasherboards."
  ].join("\n")
)

describe("exclusivity under an article heading", () => {
  it.effect("quotes the clause the heading files first, not a negotiation period named 'Exclusive'", () =>
    Effect.map(answerOf("Exclusivity?", categoryExclusivity), (answer) =>
      assert.match(answer, /^Yes\.\n\n"4\.1 During the Term, Club shall not/, answer)
    )
  )
})

/** An article heading over a section heading over the clause: the clause is quoted with both. */
const firstNegotiation = textDocument(
  [
    "COMMERCIAL MANUFACTURING AND SUPPLY AGREEMENT",
    'This Agreement is made between Halvorsen Pharmaceuticals, Inc. ("Halvorsen") and Corvane Contract Manufacturing Limited ("Corvane").',
    "ARTICLE 12\nRIGHT OF FIRST NEGOTIATION\n12.1 New Formulations. If, during the Term, Halvorsen determines to engage a contract manufacturer for any new formulation of the Compound, Halvorsen shall so notify Corvane, and for a period of ninety (90) days after such notice Halvorsen shall negotiate exclusively and in good faith with Corvane the terms on which Corvane would manufacture such formulation."
  ].join("\n\n")
)

describe("a heading over a heading", () => {
  it.effect("quotes the clause under both, once", () =>
    Effect.map(
      answerOf("Is there a right of first refusal, first offer or first negotiation?", firstNegotiation),
      (answer) => {
        assert.match(
          answer,
          /^Yes\.\n\n"RIGHT OF FIRST NEGOTIATION 12\.1 New Formulations\. If, during the Term/,
          answer
        )
        assert.strictEqual(answer.split("If, during the Term").length - 1, 1, answer)
      }
    )
  )
})

/** A clause that names the kind only by referring back ("such credits are a reasonable estimate … not a penalty"). */
const lateCredits = textDocument(
  [
    "COMMERCIAL MANUFACTURING AND SUPPLY AGREEMENT",
    'This Agreement is made between Halvorsen Pharmaceuticals, Inc. ("Halvorsen") and Corvane Contract Manufacturing Limited ("Corvane").',
    "8.2 Late Delivery Credit. For each full week that delivery of any quantity of Product is delayed beyond the Delivery Date, Corvane shall credit to Halvorsen an amount equal to two percent (2%) of the Price of the delayed Product, up to a maximum credit of ten percent (10%) of such Price. The Parties agree that such credits are a reasonable estimate of Halvorsen's damages and are not a penalty."
  ].join("\n\n")
)

describe("a clause that refers back", () => {
  it.effect("is quoted after the sentence it refers to", () =>
    Effect.map(answerOf("Are there liquidated damages?", lateCredits), (answer) =>
      assert.match(
        answer,
        /^Yes\.\n\n"For each full week that delivery .* The Parties agree that such credits are a reasonable estimate/,
        answer
      )
    )
  )
})
