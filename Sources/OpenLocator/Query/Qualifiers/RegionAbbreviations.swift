/// The short forms people write for regions and countries that the GeoNames tables do not
/// carry. US states need none: GeoNames' own admin1 codes for them are the postal codes
/// ("US.MN"), and other alphabetic admin1 codes (Swiss cantons' "ZH", Britain's "ENG") are
/// taken from the table as they are.
enum RegionAbbreviations {
    /// Postal abbreviations of regions whose GeoNames codes are numbers, by country (ISO3) and
    /// the region's GeoNames name: Canada's provinces and territories (Canada Post), Australia's
    /// states and territories, Brazil's states.
    static let byRegion: [String: [String: [String]]] = [
        "CAN": [
            "Alberta": ["AB", "Alta"], "British Columbia": ["BC"], "Manitoba": ["MB", "Man"],
            "New Brunswick": ["NB"], "Newfoundland and Labrador": ["NL", "NF", "Newfoundland"],
            "Nova Scotia": ["NS"], "Ontario": ["ON", "Ont"], "Prince Edward Island": ["PE", "PEI"],
            "Quebec": ["QC", "PQ", "Québec"], "Saskatchewan": ["SK", "Sask"], "Yukon": ["YT"],
            "Northwest Territories": ["NT", "NWT"], "Nunavut": ["NU"],
        ],
        "AUS": [
            "Australian Capital Territory": ["ACT"], "New South Wales": ["NSW"], "Northern Territory": ["NT"],
            "Queensland": ["QLD"], "South Australia": ["SA"], "Tasmania": ["TAS"], "Victoria": ["VIC"],
            "Western Australia": ["WA"],
        ],
        "BRA": [
            "Acre": ["AC"], "Alagoas": ["AL"], "Amapa": ["AP"], "Amazonas": ["AM"], "Bahia": ["BA"],
            "Ceara": ["CE"], "Federal District": ["DF", "Distrito Federal"], "Espirito Santo": ["ES"],
            "Mato Grosso do Sul": ["MS"], "Maranhao": ["MA"], "Mato Grosso": ["MT"], "Minas Gerais": ["MG"],
            "Para": ["PA"], "Paraiba": ["PB"], "Parana": ["PR"], "Piaui": ["PI"], "Rio de Janeiro": ["RJ"],
            "Rio Grande do Norte": ["RN"], "Rio Grande do Sul": ["RS"], "Rondonia": ["RO"], "Roraima": ["RR"],
            "Santa Catarina": ["SC"], "Sao Paulo": ["SP"], "Sergipe": ["SE"], "Goias": ["GO"],
            "Pernambuco": ["PE"], "Tocantins": ["TO"],
        ],
    ]

    /// English names people use for countries besides ICU's and GeoNames' own ("United
    /// States", "United Kingdom"), by ISO3.
    static let countryNames: [String: [String]] = [
        "USA": ["USA", "U.S.A.", "U.S.", "America", "United States of America", "the United States", "the US"],
        "GBR": ["UK", "U.K.", "Britain", "Great Britain", "the United Kingdom", "the UK"],
        "NLD": ["Holland", "the Netherlands"],
        "ARE": ["UAE", "the United Arab Emirates"],
        "CZE": ["Czech Republic"],
        "KOR": ["Korea", "Republic of Korea"],
        "PRK": ["North Korea", "DPRK"],
        "RUS": ["Russian Federation"],
        "CIV": ["Cote d'Ivoire", "Côte d’Ivoire"],
        "PHL": ["the Philippines"],
        "COD": ["DR Congo", "DRC", "Congo-Kinshasa"],
        "COG": ["Congo-Brazzaville"],
        "VAT": ["Vatican City", "Holy See"],
        "MMR": ["Burma"],
        "SWZ": ["Swaziland"],
        "MKD": ["Macedonia"],
        "TUR": ["Türkiye", "Turkiye"],
    ]
}
