import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, documentOf, idOf, shortOf } from "./documentOf.js"

const doc = (...pages: ReadonlyArray<string>) => documentOf(idOf(pages.join("\f")), "facts.txt", pages)

const body =
  "1. Fees are payable within thirty (30) days of invoice.\n\n2. This Agreement shall be governed by the laws of the State of Texas."

describe("the document's own dates", () => {
  it.effect("a deadline is not the agreement's date; the latest signature date is", () =>
    Effect.gen(function* () {
      const document = doc(
        `SPONSORSHIP AGREEMENT\n\nSponsor: Harbor Grill LLC\n\nSDBF shall install the sign on or before March 28, 2008.\n\n${body}\n\nSAN DIEGO BALLPARK FUNDING LLC By: /s/ James Bell Date: 3/21/08\n\nHARBOR GRILL LLC By: /s/ Lee Rusk Date: 3/18/08`
      )
      assert.strictEqual(yield* shortOf("What is the date of this agreement?", document), "March 21, 2008")
    })
  )

  it.effect("a day and month without a year are given as such, never a period for a date", () =>
    Effect.gen(function* () {
      const document = doc(
        `CONSULTING AGREEMENT\n\nTHIS AGREEMENT made this 30th day of April (the "Effective Date") between Slate Bag Inc. (the "Company") and Aaron Zell (the "Consultant"). This Agreement will continue for a period of three (3) years.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("Effective date?", document), "April 30 (no year stated)")
      assert.strictEqual(yield* shortOf("What is the date of this agreement?", document), "April 30 (no year stated)")
      const letter = doc(`Dear Mr. Jones:\n\nThis letter sets out the terms of our engagement.\n\n${body}`)
      assert.notMatch(yield* shortOf("Agreement date?", letter), /days/)
    })
  )

  it.effect("a day that recurs (rent due on the first day of each month) is never the agreement's date", () =>
    Effect.gen(function* () {
      const document = doc(
        `REMARKETING AGREEMENT\n\nThis Remarketing Agreement is made between Harbor Fund ("Fund") and Quill Capital LLC ("Agent").\n\n4. The Fund shall pay the Agent in arrears on the first day of each calendar month a fee of $1,000.\n\n${body}`
      )
      for (const question of ["What is the date of this agreement?", "Agreement date?", "When does it start?"]) {
        assert.notMatch(yield* shortOf(question, document), /each calendar month/, question)
      }
    })
  )

  it.effect("an Effective Date that is the date of last signature, and the end date counted from it", () =>
    Effect.gen(function* () {
      const document = doc(
        `RESELLER AGREEMENT\n\nThis Reseller Agreement is entered into by and between Orbit Inc. ("Orbit") and Pass Co. ("Partner").\n\n"Effective Date" means the date of last signature on this Agreement. This Agreement shall commence on the Effective Date and shall continue for a period of twelve (12) months.\n\n${body}\n\nOrbit Inc. By: /s/ A. Bo Partner By: /s/ C. Gard 4/24/2018 04/25/2018 Date Date`
      )
      assert.strictEqual(yield* shortOf("Effective date?", document), "April 25, 2018 (the date it was signed)")
      assert.match(yield* shortOf("Expiration date?", document), /^April 25, 2019 \(12 months from April 25, 2018\)/)
    })
  )

  it.effect("an agreement that 'shall come into force' on a date takes effect then, not when it was made", () =>
    Effect.gen(function* () {
      const document = doc(
        `OUTSOURCING AGREEMENT\n\nThis Outsourcing Agreement is made on 30 April 2015 between TELCOM ITALIA S.p.A. ("Client") and SERVIZI GLOBALI S.r.l. ("Supplier").\n\n3.1 This Agreement shall come into force on 1 May 2015 and shall remain in force until 30 April 2020.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("When does this agreement come into force?", document), "May 1, 2015")
      assert.strictEqual(yield* shortOf("Effective date?", document), "May 1, 2015")
      assert.strictEqual(yield* shortOf("What is the date of this agreement?", document), "April 30, 2015")
      assert.strictEqual(yield* shortOf("Expiration date?", document), "April 30, 2020")
    })
  )

  it.effect("a year after 'A.D.'; in a short document, the signatures' dates are still the signatures'", () =>
    Effect.gen(function* () {
      const era = doc(
        `SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of this 1st day of July, A.D. 2005, by and between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("What is the date of this agreement?", era), "July 1, 2005")
      const signed = doc(
        `JOINT VENTURE AGREEMENT\n\nThis Joint Venture Agreement is entered into as of the date of the last signature below (the "Effective Date") by Alpha Inc. and Beta LLC.\n\n${body}\n\nALPHA INC.\nBy: /s/ J. Smith\nName: John Smith\nDate: October 3, 2017\n\nBETA LLC\nBy: /s/ K. Jones\nName: Kim Jones\nDate: October 5, 2017`
      )
      assert.strictEqual(yield* shortOf("Agreement date?", signed), "October 5, 2017")
      assert.match(yield* shortOf("Effective date?", signed), /^October 5, 2017/)
    })
  )

  it.effect("after a table of contents, dates and parties are read where the contract names itself", () =>
    Effect.gen(function* () {
      const contents = Array.from(
        { length: 120 },
        (_, i) => `${i + 1}. Section Heading Number ${i + 1} ........ ${i + 3}`
      ).join("\n")
      const document = doc(
        `FRANCHISE AGREEMENT\n\nTABLE OF CONTENTS\n\n${contents}`,
        `${contents}`,
        `THIS FRANCHISE AGREEMENT (this "Agreement") is made and entered into this 15th day of January, 2010, by and between Peak Hospitality Group, Inc., a Nevada corporation ("Franchisor"), and Sunrise Diners LLC, a Florida limited liability company ("Franchisee").\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("What is the date of this agreement?", document), "January 15, 2010")
      const parties = yield* shortOf("Who are the parties to this agreement?", document)
      assert.include(parties, "Peak Hospitality Group, Inc. (Franchisor)")
      assert.include(parties, "Sunrise Diners LLC (Franchisee)")
    })
  )
})

describe("a form whose Effective Date is left blank", () => {
  it.effect("says so, quoting the blank, and never gives a deadline's date from elsewhere", () =>
    Effect.gen(function* () {
      const document = doc(
        `FORM OF CONTENT LICENSE AGREEMENT\n\nTHIS CONTENT LICENSE AGREEMENT (this "Agreement"), dated as of ___________, 2015 (the "Effective Date"), is entered into between Sunrise Media Limited ("Licensor") and Vista Stream, Inc. ("Licensee").\n\n4. Delivery. Within fifteen (15) days after the Effective Date or on December 31, 2015 (whichever is earlier), Licensor shall deliver the Titles.\n\n${body}`
      )
      for (const question of [
        "What is the effective date?",
        "When does the agreement take effect?",
        "Effective date?"
      ]) {
        assert.strictEqual(
          yield* shortOf(question, document),
          'No date is filled in (the form reads "___________, 2015")',
          question
        )
      }
    })
  )

  it.effect("a form dated 'as of [●]': its date is said to be blank, not taken from a clause", () =>
    Effect.gen(function* () {
      const document = doc(
        `REMARKETING AGREEMENT\n\nDated as of [●]\n\nThis REMARKETING AGREEMENT, dated as of [●] (this "Agreement"), by and among Harbor Municipal Fund (the "Fund") and [●] (the "Remarketing Agent").\n\n10. The Fund may remove the Remarketing Agent by giving at least 60 days' notice before March 1, 2021.\n\n${body}`
      )
      for (const question of ["What is the date of the agreement?", "Agreement date?"]) {
        assert.strictEqual(yield* shortOf(question, document), 'No date is filled in (the form reads "[●]")', question)
      }
    })
  )
})

describe("terms and renewal", () => {
  it.effect("the term clause gives the end: an anniversary, or the end of the current calendar year", () =>
    Effect.gen(function* () {
      const anniversary = doc(
        `CO-BRANDING AGREEMENT\n\nThis Co-Branding Agreement is dated September 30, 1999 between Vert Inc. and Paper Co.\n\n"Initial Term" shall mean the Effective Date through the fourth anniversary of the Effective Date, unless earlier terminated. The "Effective Date" means September 30, 1999.\n\n${body}`
      )
      assert.match(
        yield* shortOf("Expiration date?", anniversary),
        /^September 30, 2003 \(4 years from September 30, 1999\)/
      )
      const yearEnd = doc(
        `MARKETING AGREEMENT\n\nThis Marketing Agreement is entered into this 8th day of May 2014 by and between Birch Ltd. and Mount Inc.\n\nThis agreement shall begin upon the date of its execution and shall remain in effect until the end of the current calendar year and shall be automatically renewed for successive one (1) year periods.\n\n${body}`
      )
      assert.match(yield* shortOf("Expiration date?", yearEnd), /^December 31, 2014/)
    })
  )

  it.effect("an end at the earlier of events or a date, a bracketed anniversary, a contract period's end", () =>
    Effect.gen(function* () {
      const earlier = doc(
        `JOINT VENTURE AGREEMENT\n\nThis Joint Venture Agreement is dated as of November 20, 2014 between Redstone Energy Corp. and Kestrel Drilling, LLC.\n\n10. Duration. This Agreement shall terminate on the earlier of (a) the dissolution of the Company or (b) November 30, 2024.\n\n${body}`
      )
      assert.strictEqual(
        yield* shortOf("Expiration date?", earlier),
        "November 30, 2024 at the latest (the clause names earlier ends)"
      )
      const bracketed = doc(
        `DEVELOPMENT AGREEMENT, dated December 18, 2001, between Helix Therapeutics Corp. and Nordic Instruments AB.\n\n17. Term. Unless terminated earlier pursuant to Section 18, this Agreement shall continue in effect until the fifth (5th) anniversary of the date of this Agreement.\n\n${body}`
      )
      assert.match(
        yield* shortOf("Expiration date?", bracketed),
        /^December 18, 2006 \(5 years from December 18, 2001\)/
      )
      const period = doc(
        `ENDORSEMENT AGREEMENT\n\nThis Endorsement Agreement is entered into on January 10, 2019, to be effective January 1, 2019 (the "Effective Date"), by and between Apex Athletic Gear, Inc. ("Company") and Marcus Lee ("Athlete").\n\n3. Contract Period. The Contract Period shall commence on the Effective Date and continue through December 31, 2021.\n\n${body}`
      )
      for (const question of ["When does the initial term of this agreement expire?", "Expiration date?"]) {
        assert.strictEqual(yield* shortOf(question, period), "December 31, 2021", question)
      }
      // Another period (a warranty's) is not the agreement's term, even when it comes first.
      const warranty = doc(
        `SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of May 1, 2015 between Alpha Inc. and Beta LLC.\n\nThe warranty period shall continue until June 30, 2016.\n\nThis Agreement shall expire on December 31, 2020.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("Expiration date?", warranty), "December 31, 2020")
    })
  )

  it.effect("the renewal term, not the initial one stated before it in the same sentence", () =>
    Effect.gen(function* () {
      const document = doc(
        `SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of May 1, 2015 between Alpha Inc. and Beta LLC.\n\n5. Term. This Agreement has an initial term of five (5) years and will be extended automatically for additional periods of two (2) years each, unless terminated by either Party by giving six (6) months' prior written notice before the expiry of the relevant term.\n\n${body}`
      )
      assert.match(yield* shortOf("What is the renewal term once the initial term ends?", document), /^2 years/)
      assert.match(yield* shortOf("How long is the initial term?", document), /^5 years/)
    })
  )

  it.effect("an evergreen continuation's period is its renewal term ('from year to year', 'month-to-month')", () =>
    Effect.gen(function* () {
      const yearly = doc(
        `SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of May 1, 2015 between Alpha Inc. and Beta LLC.\n\n3. Term. The term is three (3) years and shall continue from year to year thereafter unless either party gives notice of termination at least ninety (90) days before the end of the then current term.\n\n${body}`
      )
      assert.match(yield* shortOf("What is the renewal term?", yearly), /^1 year$/)
      assert.match(yield* shortOf("What is the notice period to terminate renewal?", yearly), /^90 days/)
      const monthly = doc(
        `CARRIER AGREEMENT\n\nThis Carrier Agreement is made as of May 1, 2015 between Alpha Inc. and Beta LLC.\n\n2.1 Term. The initial term is one (1) year. Thereafter, this Agreement shall continue in effect on a month-to-month basis until terminated by either party upon thirty (30) days' prior written notice.\n\n${body}`
      )
      assert.match(yield* shortOf("Renewal term?", monthly), /^1 month$/)
    })
  )

  it.effect(
    "notice to terminate is no insurance policy's notice of cancellation, even where only a cure period is stated",
    () =>
      Effect.gen(function* () {
        const document = doc(
          `DEVELOPMENT AGREEMENT\n\nThis Development Agreement is made as of March 2, 2019 between Sunfield Grill Corp. and Castle Foods LLC.\n\n7.1 Developer shall maintain general liability insurance with limits of not less than $1,000,000 per occurrence. All policies shall provide Franchisor with at least thirty (30) days' notice of cancellation or termination of coverage.\n\n11.2 The following events shall constitute a default by Developer, which shall result in Franchisor's right to declare the termination of this Agreement, if such default is not cured within fifteen (15) days after written notice by Franchisor to Developer:\n\n(a) Developer fails to meet the Development Schedule.\n\n(b) Developer becomes insolvent.`
        )
        for (const question of [
          "How much notice is needed to terminate?",
          "What notice is required to terminate the agreement?"
        ]) {
          assert.strictEqual(yield* shortOf(question, document), "15 days (cure period)", question)
        }
        assert.match(
          yield* shortOf("How much notice must the insurer give before cancelling coverage?", document),
          /^30 days/
        )
      })
  )

  it.effect("an initial term that 'shall commence … and extend for three (3) years' is that term, not a renewal", () =>
    Effect.gen(function* () {
      const document = doc(
        `MANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement is entered into on January 21, 2002 between Nimbus Systems Ltd. and Cedar Assembly Ltd.\n\n16.1 The initial term of this Agreement shall commence on the Effective Date and extend for three (3) years thereafter ("INITIAL TERM"), with an automatic renewal for an indefinite period of time ("EXTENDED TERM"), unless terminated by the parties.\n\n${body}`
      )
      assert.match(yield* shortOf("How long is the initial term?", document), /^3 years/)
      assert.match(yield* shortOf("Expiration date?", document), /^January 21, 2005 \(3 years from January 21, 2002\)/)
    })
  )

  it.effect("the notice that stops renewal is counted back from the end of the term", () =>
    Effect.gen(function* () {
      const document = doc(
        `RESELLER AGREEMENT\n\nThis Agreement is entered into as of May 1, 2018 between Orbit Inc. and Pass Co.\n\nIf either party materially breaches this Agreement and fails to cure within thirty (30) days after written notice, the other party may terminate it.\n\nThe Agreement shall automatically renew for successive one (1) year terms unless either party gives written notice of its intent not to renew no later than sixty (60) days prior to the end of the then applicable term.\n\n${body}`
      )
      for (const question of [
        "How much notice is needed to stop the agreement from renewing?",
        "Notice period for non-renewal?",
        "What notice must a party give to prevent renewal? Answer in days."
      ]) {
        assert.match(yield* shortOf(question, document), /^60 days/, question)
      }
    })
  )
})

describe("titles and parties", () => {
  it.effect("a title in title case on its own line, or named with 'and' inside it", () =>
    Effect.gen(function* () {
      const heading = doc(
        `Exhibit 10.1\n\nCo-Branding and Hosting Agreement\n\nThis agreement is made between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(
        yield* shortOf("What is the title of this agreement?", heading),
        "Co-Branding and Hosting Agreement"
      )
      const named = doc(
        `This Software License and Services Agreement is made between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("Document name?", named), "Software License and Services Agreement")
    })
  )

  it.effect("a capitals title printed over two lines; not a notice line above it", () =>
    Effect.gen(function* () {
      const restated = doc(
        `AMENDED AND RESTATED\nMARKETING AFFILIATE AGREEMENT\n\nThis agreement is made between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(
        yield* shortOf("Document name?", restated),
        "AMENDED AND RESTATED MARKETING AFFILIATE AGREEMENT"
      )
      const notice = doc(
        `CONFIDENTIAL TREATMENT REQUESTED\nEXCLUSIVE DISTRIBUTION AGREEMENT\n\nThis agreement is made between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("Document name?", notice), "EXCLUSIVE DISTRIBUTION AGREEMENT")
    })
  )

  it.effect("a title over lines that each look whole, as far as the opening names it", () =>
    Effect.gen(function* () {
      const three = doc(
        `EXHIBIT 10.34\n\nFILM LIBRARY AND FIRST-WINDOW\nSUBSCRIPTION VIDEO-ON-DEMAND\nLICENSE AGREEMENT\n\nThis Film Library and First-Window Subscription Video-on-Demand License\nAgreement is dated as of June 30, 2020 between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(
        yield* shortOf("What is the title of this agreement?", three),
        "FILM LIBRARY AND FIRST-WINDOW SUBSCRIPTION VIDEO-ON-DEMAND LICENSE AGREEMENT"
      )
      const two = doc(
        `EXCLUSIVE SALES REPRESENTATIVE\nAGENCY AGREEMENT\n\nTHIS EXCLUSIVE SALES REPRESENTATIVE AGENCY AGREEMENT is made between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("Document name?", two), "EXCLUSIVE SALES REPRESENTATIVE AGENCY AGREEMENT")
      // The line above is no part of the title where the opening names the title without it.
      const legend = doc(
        `CONFIDENTIAL PORTIONS OMITTED\nAGENCY AGREEMENT\n\nTHIS AGENCY AGREEMENT is made between Alpha Inc. and Beta LLC.\n\n${body}`
      )
      assert.strictEqual(yield* shortOf("Document name?", legend), "AGENCY AGREEMENT")
    })
  )

  it.effect(
    "names without a company form, defined with 'hereinafter referred to as' or opening a side of 'between'",
    () =>
      Effect.gen(function* () {
        const referred = doc(
          `TRANSPORTATION CONTRACT\n\nJSC NOC KazOil, hereinafter referred to as the "Company", on the one side and JSC Karamunay, hereinafter referred to as the "Principal", on the other side, have entered into this Contract.\n\n${body}`
        )
        const parties = yield* shortOf("Who are the parties to this agreement?", referred)
        assert.include(parties, "JSC NOC KazOil")
        assert.include(parties, "JSC Karamunay")
        const between = doc(
          `HOSTING AGREEMENT\n\nThis Hosting Agreement is made as of May 1, 2015 between Microsoft and Nokia Oyj.\n\n${body}`
        )
        assert.strictEqual(yield* shortOf("Parties?", between), "Microsoft and Nokia Oyj")
        const described = doc(
          `JOINT VENTURE AGREEMENT\n\nThis Agreement is made between KIRO BIO Inc., a Delaware Company, and MOLI PHARMA S.R.L., an Italian company.\n\n${body}`
        )
        const joint = yield* answerOf("Who are the parties to this agreement?", described)
        assert.notInclude(joint.split("\n\n")[0] ?? "", "Delaware Company")
        assert.include(joint.split("\n\n")[0] ?? "", "MOLI PHARMA S.R.L.")
      })
  )
})

describe("parties in other layouts", () => {
  it.effect(
    "a company form with periods, a cooperative on lines of its own, a name 'of' a place; not the document",
    () =>
      Effect.gen(function* () {
        const numbered = doc(
          `DISTRIBUTOR AGREEMENT\n\nTHIS AGREEMENT is made the 9th day of August, 2004\n\nBETWEEN\n\n(1) NOVA MEDICAL SYSTEMS LIMITED whose registered office is at 4 Mill Lane, Cambridge ("Nova"); and\n\n(2) ASIA PACIFIC HEALTHCARE PTE. LTD. whose registered office is at 8 Marina Road, Singapore ("Distributor").\n\n${body}`
        )
        assert.strictEqual(
          yield* shortOf("Who are the parties to this agreement?", numbered),
          "NOVA MEDICAL SYSTEMS LIMITED and ASIA PACIFIC HEALTHCARE PTE. LTD. (Distributor)"
        )
        const lines = doc(
          `MASTER SUPPLY AGREEMENT\n\nBY AND BETWEEN:\n\nGRANITE FOODS CORPORATION,\na Delaware corporation,\n("Granite")\n\nAND\n\nSILVERLAKE DAIRY COOPERATIVE,\na Wisconsin cooperative,\n("Supplier")\n\n${body}`
        )
        const both = yield* shortOf("Parties?", lines)
        assert.include(both, "GRANITE FOODS CORPORATION")
        assert.include(both, "SILVERLAKE DAIRY COOPERATIVE")
        const amendment = doc(
          `FIRST AMENDMENT TO LICENSE AGREEMENT\n\nThis First Amendment (the "Amendment") is made effective as of January 1, 2015 by and between Kinetix Software Inc. (formerly known as Kinetix Labs Inc.) ("Licensor") and The Coca-Cola Bottling Company of Northern New England ("Licensee").\n\n${body}`
        )
        assert.strictEqual(
          yield* shortOf("Who are the parties to this agreement?", amendment),
          "Kinetix Software Inc. (Licensor) and Coca-Cola Bottling Company of Northern New England (Licensee)"
        )
      })
  )

  it.effect(
    "'BETWEEN' and 'AND' on lines of their own with no roles defined; not a signature line's run of words",
    () =>
      Effect.gen(function* () {
        const document = doc(
          "Exhibit 10.28\n\nJOINT VENTURE AGREEMENT\n\nBETWEEN\n\nKIRO BIOPHARMA Inc., a Delaware Company, 7707 Fannin St. Suite 140, Houston TX 77054 USA, in person of its Chief Executive Officer\n\nAND\n\nMOLI PHARMA S.R.L. an Italian Company stated in Campobasso, Via del Castello n. 3, in person of its Legal Representative;\n\neach a Party and, together, the Parties.\n\n1. The Parties shall form a joint venture for clinical research.\n\nRome/Houston, 2 April 2020 Kiro Biopharma Inc. Moli Pharma s.r.l."
        )
        for (const question of ["Who are the parties?", "Parties?"]) {
          assert.strictEqual(yield* shortOf(question, document), "KIRO BIOPHARMA Inc. and MOLI PHARMA S.R.L.", question)
        }
      })
  )

  it.effect("a signature table's labels side by side ('Channel Partner: Orbit Inc.: By:') define no role", () =>
    Effect.gen(function* () {
      const document = doc(
        'CHANNEL PARTNER RESELLER AGREEMENT THIS CHANNEL PARTNER RESELLER AGREEMENT ("Agreement") is entered into as of the Effective Date by and between ORBIT INC., having a principal place of business at 3800 Bridge Parkway, Redwood Shores, CA 94065 ("Orbit"), and Pareto Corporation, having a principal business address at 100 Park Avenue, New York, New York 10017 ("Channel Partner").\n\nIN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.\n\nChannel Partner: Orbit Inc.: By: /s/ Victor Bozzo By: /s/ Christine Garner Printed Name Printed Name\n\n1. Orbit shall provide the Services to Channel Partner.'
      )
      assert.strictEqual(
        yield* shortOf("Who are the parties?", document),
        "ORBIT INC. and Pareto Corporation (Channel Partner)"
      )
    })
  )

  it.effect("a form's role over its 'Name:' field ('SPONSOR: Name: Harbor Grill Phone: …') names that party", () =>
    Effect.gen(function* () {
      const document = doc(
        'SPONSORSHIP AGREEMENT\n\nAGREEMENT SUMMARY\n\nSPONSOR: Name: Harbor Fresh Grill Phone: 760/602-3611 Address: 1902 Wright Place, Carlsbad, CA 92008\n\nSPONSORSHIP BENEFITS: Bayside Ballpark Funding LLC ("BBF") shall provide Sponsor with the following benefits.\n\n1. BBF shall display one Terrace Level fascia sign for Sponsor.'
      )
      const parties = yield* shortOf("Who are the parties?", document)
      assert.include(parties, "Harbor Fresh Grill (Sponsor)")
      assert.include(parties, "Bayside Ballpark Funding LLC (BBF)")
      assert.notInclude(parties, "Phone")
      assert.strictEqual(yield* shortOf("Who is the sponsor?", document), "Harbor Fresh Grill")
    })
  )
})

describe("the governing law", () => {
  it.effect("a law named by its adjective: 'construed in accordance with Delaware law'", () =>
    Effect.gen(function* () {
      const document = doc(
        `CONSULTING AGREEMENT\n\nThis Consulting Agreement is made as of October 5, 2017 between GreenLeaf Holdings Corp. (the "Company") and Maria Santos (the "Consultant").\n\n1. Fees are payable within thirty (30) days of invoice.\n\n2. This Agreement shall be construed in accordance with Delaware law.`
      )
      assert.strictEqual(yield* shortOf("Governing law?", document), "Delaware")
      assert.strictEqual(yield* shortOf("Which state's law governs this agreement?", document), "Delaware")
    })
  )

  it.effect("the law chosen for the contract, not the one chosen earlier for the conduct of an arbitration", () =>
    Effect.gen(function* () {
      const document = doc(
        `DISTRIBUTION AGREEMENT\n\nThis Distribution Agreement is entered into as of January 21, 2005 between Vendex Corporation and Castle Supplies Ltd.\n\n23. Any dispute shall be resolved by arbitration in London. The laws of England shall govern the conduct of the arbitration and any appeal from the decision of the arbitrator.\n\n27. GOVERNING LAW. This Agreement shall be governed by, construed in accordance with the laws of Ontario, Canada.`
      )
      for (const question of ["Which law governs?", "Governing law?"]) {
        const answer = yield* answerOf(question, document)
        assert.match(answer, /^Ontario\n\n"This Agreement shall be governed by/, question)
      }
    })
  )

  it.effect("the choice-of-law clause, its 'state of Israel' in lower case, not bankruptcy laws named earlier", () =>
    Effect.gen(function* () {
      const document = doc(
        `MANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement is entered into on January 21, 2002 between Nimbus Systems Ltd. and Cedar Assembly Ltd.\n\n16.5. Either party may terminate this Agreement upon the other party seeking an order for relief under the bankruptcy laws of the State of Israel or similar laws of any other jurisdiction.\n\n17.11. LAW AND JURISDICTION. This Agreement shall be governed by and construed in accordance with the laws of the state of Israel, without giving effect to choice of law rules.`
      )
      const answer = yield* answerOf("Which law governs?", document)
      assert.match(answer, /^Israel\n\n"This Agreement shall be governed by/)
    })
  )
})
