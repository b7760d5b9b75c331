import { describe } from "@effect/vitest"
import { itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/** A services agreement that renews only by mutual agreement, signed in blocks with "Title:" fields. */
const noRenewal = textDocument(
  [
    "MASTER SERVICES AGREEMENT",
    'This Master Services Agreement is entered into as of March 15, 2021 by and between Halvorsen Data Systems, Inc. ("Provider") and Bluefin Retail Holdings, LLC ("Customer").',
    "4.1 This Agreement shall continue for a period of five (5) years from the date hereof. This Agreement shall not renew automatically; it may be extended only by mutual written agreement of the parties.",
    "8.1 Either party may terminate this Agreement for any reason upon one hundred twenty (120) days' written notice to the other party.",
    "HALVORSEN DATA SYSTEMS, INC.\nBy: /s/ Erik Halvorsen\nName: Erik Halvorsen\nTitle: President"
  ].join("\n\n")
)

/** A UK agreement with numbered parties, definitions written with colons, and partners in capitals with addresses. */
const uk = textDocument(
  [
    "THIS AGREEMENT is dated 1st June 2018",
    'PARTIES\n(1) JAMES R. COLLINS, an individual residing at 4418 Elm Hollow Road, Boulder, Colorado (hereinafter "Collins"); and\n(2) BLUE MESA HOLDINGS, LLC, a Colorado limited liability company (the "Purchaser").',
    'DEFINITIONS\n"Commencement Date": 1st July 2018.\n"Initial Period": the period of thirty-six months beginning on the Commencement Date.',
    '4.1 This agreement shall commence on the Commencement Date and shall continue for the Initial Period and thereafter shall automatically extend for further periods of twelve months (each an "Extended Period").'
  ].join("\n\n")
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a bare 'Title?' asks for the document's title",
    query: "Title?",
    document: noRenewal,
    short: "MASTER SERVICES AGREEMENT"
  },
  {
    name: "'the agreement's title'",
    query: "What is the agreement's title?",
    document: noRenewal,
    short: "MASTER SERVICES AGREEMENT"
  },
  {
    name: "'List the parties' asks for the parties",
    query: "List the parties to the agreement.",
    document: noRenewal,
    short: "Halvorsen Data Systems, Inc. (Provider) and Bluefin Retail Holdings, LLC (Customer)"
  },
  {
    name: "an agreement that does not renew states no renewal term, not its initial term",
    query: "What is the renewal term?",
    document: noRenewal,
    short: "No period is stated; the closest passage:"
  },
  {
    name: "nor a notice to prevent renewal, not the notice to terminate for convenience",
    query: "How much notice is needed to prevent renewal?",
    document: noRenewal,
    short: "Not found in the document."
  },
  {
    name: "a UK definition written with a colon gives the start",
    query: "What is the effective date?",
    document: uk,
    short: "July 1, 2018"
  },
  {
    name: "the end from a defined initial period and a defined start",
    query: "When does it expire?",
    document: uk,
    short: "July 1, 2021 (36 months from July 1, 2018)"
  },
  {
    name: "a person in capitals before 'an individual residing at' an address is named, not the street",
    query: "Who are the parties?",
    document: uk,
    short: "JAMES R. COLLINS and BLUE MESA HOLDINGS, LLC (Purchaser)"
  },
  {
    name: "a person with a degree after the name is a party; a company form inside the title is none",
    query: "Who are the parties?",
    document: textDocument(
      'THIS JOINT VENTURE AND LIMITED LIABILITY COMPANY OPERATING AGREEMENT (this "Agreement") is made as of March 14, 2022 by and among HALVERSON ENERGY SYSTEMS, INC., a Minnesota corporation ("Buyer"), and EVELYN R. MARCHETTI, D.D.S., an individual residing in the Commonwealth of Pennsylvania ("Principal").'
    ),
    short: "HALVERSON ENERGY SYSTEMS, INC. (Buyer) and EVELYN R. MARCHETTI (Principal)"
  },
  {
    name: "parties labelled 'Party A (Supplier):', not a regulator defined under 'Article 1'",
    query: "Who are the parties?",
    document: textDocument(
      [
        "ACTIVE PHARMACEUTICAL INGREDIENT SUPPLY AND PURCHASE CONTRACT",
        "Party A (Supplier): Zhejiang Huaxin Pharmaceutical Co., Ltd.\nLegal Address: No. 88 Binhai Road, Taizhou City\nLegal Representative: Mr. Chen Weiguo",
        "Party B (Buyer): Meridian Generics, LLC\nLegal Address: 2250 Route 9 North, Freehold, New Jersey 07728",
        'Party A and Party B (each a "Party", together the "Parties") agree to conclude this Contract.',
        'Article 1 Definition and Interpretation\n1.1 "Approval" means approval by the U.S. Food and Drug Administration (the "FDA").'
      ].join("\n\n")
    ),
    short: "Zhejiang Huaxin Pharmaceutical Co., Ltd. (Party A) and Meridian Generics, LLC (Party B)"
  },
  {
    name: "a street between two parties is no party ('… with offices at 45100 Atwater Drive, Sterling, Virginia')",
    query: "Who are the parties?",
    document: textDocument(
      'This MANAGED HOSTING AGREEMENT (the "Agreement") is entered into as of October 2, 2001, between MERIDIAN DATAWORKS, INC., a Virginia corporation ("Provider"), with offices at 45100 Atwater Drive, Sterling, Virginia 20166, and HALCYON RETAIL GROUP, INC., an Ohio corporation ("Customer"), with offices at 9800 Lakeshore Commons Boulevard, Columbus, Ohio 43235.'
    ),
    short: "MERIDIAN DATAWORKS, INC. (Provider) and HALCYON RETAIL GROUP, INC. (Customer)"
  }
]

/** An agreement dated in words, asked for its date tersely. */
const datedInWords = textDocument(
  'THIS EXCLUSIVE SALES REPRESENTATIVE AGENCY AGREEMENT (the "Agreement") is made and entered into as of the first day of February, two thousand twenty-one, between HELIX FLUID CONTROLS CORPORATION, an Ohio corporation (the "Manufacturer"), and MARROW & TATE TECHNICAL SALES, INC., a Texas corporation (the "Representative").\n\nHELIX FLUID CONTROLS CORPORATION By: /s/ Ann Lee Date: January 29, 2021'
)

describe("an agreement's own date", () => {
  itGivesShortAnswers([
    {
      name: "'Date of agreement?' asks for it",
      query: "Date of agreement?",
      document: datedInWords,
      short: "February 1, 2021"
    },
    { name: "so does a bare 'Date?'", query: "Date?", document: datedInWords, short: "February 1, 2021" },
    {
      name: "asked when it was signed: the signatures' date, not the date it is made as of",
      query: "When was the agreement signed?",
      document: datedInWords,
      short: "January 29, 2021"
    },
    {
      name: "the date in words of the opening, not the signature's",
      query: "What is the agreement date?",
      document: datedInWords,
      short: "February 1, 2021"
    }
  ])
})

/** A joint venture's operating agreement, made on one date, about a company formed on another. */
const jointVenture = textDocument(
  'JOINT VENTURE AND LIMITED LIABILITY COMPANY OPERATING AGREEMENT\n\nTHIS JOINT VENTURE AND LIMITED LIABILITY COMPANY OPERATING AGREEMENT (this "Agreement") is made and entered into as of the fourteenth day of March, two thousand twenty-two, by and between HALVERSON ENERGY SYSTEMS, INC., a Minnesota corporation ("Halverson"), and KITAMURA HEAVY INDUSTRIES AMERICA CORP., a Delaware corporation ("Kitamura" and, together with Halverson, the "Members"), and, solely for purposes of Article XI, HALVERSON-KITAMURA RENEWABLES, LLC, a Delaware limited liability company (the "Company" or the "JV").\n\nRECITALS\n\nA. Halverson designs and manufactures utility-scale power conversion equipment and has developed certain proprietary inverter control technology.\n\nB. Kitamura manufactures wind turbine nacelles, gearboxes and related heavy components and has established supply relationships throughout North America.\n\nC. The Members desire to form the Company as a jointly owned vehicle to engineer and market systems in the Territory.\n\nNOW, THEREFORE, in consideration of the mutual covenants herein, the Members agree as follows.\n\nARTICLE II FORMATION\n\n2.1 Formation. The Company was formed as a Delaware limited liability company upon the filing of its Certificate of Formation with the Secretary of State of the State of Delaware on February 28, 2022.'
)

describe("the date of an event the agreement records", () => {
  itGivesShortAnswers([
    {
      name: "when the JV company was formed, not the date the agreement is made as of",
      query: "When was the JV company formed?",
      document: jointVenture,
      short: "February 28, 2022"
    },
    {
      name: "when the agreement was entered into, its own date",
      query: "When was the agreement entered into?",
      document: jointVenture,
      short: "March 14, 2022"
    }
  ])
})

/** A term that names its end after describing it, and one that takes effect on a defined date. */
const sponsorship = textDocument(
  'SPONSORSHIP AGREEMENT\n\nThis Sponsorship Agreement is entered into on May 3, 2019 between Harbor Hockey Club LLC ("Club") and Clearwater Beverages, Inc. ("Sponsor").\n\n2.1 Term. The term of this Agreement shall commence on the Effective Date and, unless sooner terminated in accordance with Article 11, shall continue through and including the last day of the fifth (5th) Contract Year, being June 30, 2024 (the "Term").'
)
const promotion = textDocument(
  'MARKETING AND PROMOTION AGREEMENT\n\nThis Marketing and Promotion Agreement (the "Agreement") is entered into on October 2, 2021 (the "Signing Date") between Lumen Skin Ltd. ("Brand") and Northpoint Media, Inc. ("Publisher").\n\n1.1 "Commencement Date" means January 1, 2022.\n\n3.1 This Agreement takes effect on the Commencement Date and continues for an initial period of two (2) years (the "Initial Term").'
)

/** A term clause that ends on a date after a comma clause, and a renewal term "shall be agreed" before it. */
const distribution = textDocument(
  [
    'EXCLUSIVE DISTRIBUTION AGREEMENT\n\nThis Agreement is made as of March 1, 2009 between Aurelian Medical, Inc. ("Aurelian") and Hanbit Medical Co., Ltd. ("Distributor").',
    "4.3 The Minimum Purchase Target for any Contract Year in a Renewal Term shall be agreed by the Parties in writing not later than ninety (90) days before the commencement of such Contract Year.",
    '10.1 Term. This Agreement shall become effective on the Effective Date and, unless sooner terminated in accordance with its terms, shall remain in full force and effect until December 31, 2011 (the "Initial Term").',
    "11.1 Upon the expiration of the Initial Term, this Agreement shall be extended automatically for successive periods of two (2) years each, unless either Party notifies the other not less than one hundred eighty (180) days prior to the end of the then-current term."
  ].join("\n\n")
)

/** An amendment whose recital states the old end and whose operative clause the new one. */
const amendment = textDocument(
  [
    "AMENDMENT NO. 2 TO DISTRIBUTION AGREEMENT",
    'This Amendment No. 2 is made as of November 15, 2010 between Aurelian Medical, Inc. ("Aurelian") and Andes Salud S.A. ("Distributor").',
    "WHEREAS, the Initial Term of the Agreement is scheduled to expire on December 31, 2010; and",
    'NOW, THEREFORE, the parties agree as follows:\n2. Extension of Term. Section 14.1 of the Agreement is hereby amended by deleting the words "December 31, 2010" and substituting therefor the words "December 31, 2013", such that the Initial Term of the Agreement shall expire on December 31, 2013.'
  ].join("\n\n")
)
/** The same extension written without quoting the words it replaces: the recital says what the end was. */
const extension = textDocument(
  [
    "AMENDMENT NO. 2 TO DISTRIBUTION AGREEMENT",
    'This Amendment No. 2 is made as of November 15, 2010 between Aurelian Medical, Inc. ("Aurelian") and Andes Salud S.A. ("Distributor").',
    "WHEREAS, the Initial Term of the Agreement is scheduled to expire on December 31, 2010; and",
    "NOW, THEREFORE, the parties agree as follows:\n2. Extension of Term. The Initial Term of the Agreement shall expire on December 31, 2013."
  ].join("\n\n")
)
/** A contract translated from Chinese: in force from signature, valid for five years. */
const translated = textDocument(
  "SUPPLY AND PURCHASE CONTRACT\n\nParty A (Supplier): Zhejiang Huaxin Pharmaceutical Co., Ltd.\n\nParty B (Buyer): Meridian Generics, LLC\n\nSigning Date: June 18, 2013\n\n13.1 This Contract comes into force from the date of signature and seal by both Parties, and is valid for five (5) years.\n\n13.6 After this Contract is terminated or expired, Party A shall continue to supply the Product to Party B for twelve (12) months at the last price."
)
/** A term that runs to the end of a defined period, effective as of the date first written above. */
const endorsement = textDocument(
  [
    'ENDORSEMENT AGREEMENT\n\nThis Endorsement Agreement (this "Agreement") is dated as of July 1, 2013 between Coastline Athletic Brands, Inc. ("Company") and Delacroix Ventures LLC ("Lender").',
    '1. (b) "Contract Period" means the period commencing on August 1, 2013 and ending on July 31, 2017, unless earlier terminated as provided herein.',
    "9. (a) Term. This Agreement shall be effective as of the date first written above and shall continue through the end of the Contract Period, unless earlier terminated in accordance with this Section 9.",
    "(c) Commencing on August 1, 2015, Company shall have the right to terminate this Agreement for any reason upon one hundred twenty (120) days' prior written notice to Lender."
  ].join("\n\n")
)

describe("a term's start and end in other words", () => {
  itGivesShortAnswers([
    {
      name: "an amendment's new end, not the old one its recital states",
      query: "When does the agreement expire?",
      document: amendment,
      short: "December 31, 2013"
    },
    {
      name: "asked for the previous end, the date the amendment replaces",
      query: "What was the previous expiration date?",
      document: amendment,
      short: "December 31, 2010"
    },
    {
      name: "asked for the previous end of an amendment that quotes no replaced words, the recital's",
      query: "What was the previous expiration date?",
      document: extension,
      short: "December 31, 2010"
    },
    {
      name: "and its new end otherwise",
      query: "When does the agreement expire?",
      document: extension,
      short: "December 31, 2013"
    },
    {
      name: "so is the original end",
      query: "What was the original expiration date?",
      document: amendment,
      short: "December 31, 2010"
    },
    {
      name: "'comes into force from the date of signature … and is valid for five (5) years'",
      query: "When does the agreement expire?",
      document: translated,
      short: "June 18, 2018 (5 years from June 18, 2013)"
    },
    {
      name: "'through the end of the Contract Period': the end its definition states",
      query: "When does the agreement expire?",
      document: endorsement,
      short: "July 31, 2017"
    },
    {
      name: "'effective as of the date first written above': the opening's date",
      query: "Effective date?",
      document: endorsement,
      short: "July 1, 2013 (the date first written above)"
    },
    {
      name: "'… and, unless sooner terminated …, shall remain in full force and effect until December 31, 2011'",
      query: "When does the agreement expire?",
      document: distribution,
      short: "December 31, 2011"
    },
    {
      name: "an end named after the end it describes ('…, being June 30, 2024')",
      query: "When does the agreement expire?",
      document: sponsorship,
      short: "June 30, 2024"
    },
    {
      name: "'takes effect on the Commencement Date': the defined date, not the signing date",
      query: "What is the effective date?",
      document: promotion,
      short: "January 1, 2022"
    }
  ])
})

describe("facts at the opening and the term of a contract, asked as reviewers ask them", () => {
  itGivesShortAnswers(cases)
})
