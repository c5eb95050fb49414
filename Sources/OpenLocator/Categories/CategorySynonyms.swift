/// Everyday words people type for a category, keyed by the ArcGIS category name they mean.
///
/// Matching is done on folded text (lowercase ASCII, singular and plural both recognized by the resolver), so list
/// each synonym once, in its singular lowercase form, e.g. `"Coffee Shop": ["cafe", "coffee", "coffeehouse"]`.
///
/// Keys are exact ArcGIS World Geocoding Service POI category names (level 2 such as "Food" or
/// "Parks and Outdoors", or level 3 such as "Coffee Shop"). A synonym appears under one key only.
///
/// Deliberate omissions, so that ordinary place names are not read as category searches:
/// - "club" alone (Sam's Club, Boys & Girls Club, golf/yacht/country clubs): use "nightclub", "disco", ...
/// - "garden" alone (Olive Garden, Madison Square Garden, Covent Garden): use "botanical garden".
/// - "shop", "store", "center", "station", "hall", "office", "service", "court", "post", "mount",
///   "salon", "garage" alone: too common inside names or ambiguous between categories.
/// - "nightlife": identical to the level-3 name "Nightlife", so it is not repeated under "Nightlife Spot".
/// Phrases whose plural is not the last word ("places to eat", "bars and pubs", "auto parts store") are
/// listed as people write them, next to their singular form.
enum CategorySynonyms {
    static let byCategory: [String: [String]] = [
        // MARK: Level 2
        "Food": ["food", "eat", "eatery", "place to eat", "places to eat", "dining"],
        "Nightlife Spot": ["night life", "nightspot", "night spot", "night out"],
        "Parks and Outdoors": ["outdoors", "outdoor", "park and outdoors", "parks and outdoors", "outdoor recreation"],
        "Travel and Transport": [
            "travel", "transport", "transportation", "transit", "public transport", "public transit",
        ],
        "Shops and Service": ["shopping", "retail", "shops and services"],
        "Arts and Entertainment": ["entertainment", "arts", "art and entertainment", "things to do"],
        "Education": ["education", "educational institution"],

        // MARK: Food
        "Coffee Shop": ["cafe", "café", "coffee", "coffee shop", "coffeehouse", "coffee house", "espresso bar"],
        "Restaurant": ["restaurant", "diner"],
        "Fast Food": [
            "fast food", "fast food restaurant", "takeaway", "take away", "take-away", "takeout", "take out",
            "take-out",
        ],
        "Pizza": ["pizza", "pizzeria", "pizza place"],
        "Burgers": ["burger", "hamburger", "burger joint", "burger restaurant"],
        "Sushi": ["sushi", "sushi bar"],
        "Chinese Food": ["chinese", "chinese food", "chinese restaurant"],
        "Italian Food": ["italian", "italian food", "italian restaurant", "trattoria", "osteria"],
        "Japanese Food": ["japanese", "japanese food", "japanese restaurant", "ramen", "izakaya"],
        "Indian Food": ["indian", "indian food", "indian restaurant", "curry", "curry house"],
        "Thai Food": ["thai", "thai food", "thai restaurant"],
        "Mexican Food": ["mexican", "mexican food", "mexican restaurant", "taqueria", "taco", "tex mex", "tex-mex"],
        "Vietnamese Food": ["vietnamese", "vietnamese food", "vietnamese restaurant", "pho"],
        "Korean Food": ["korean", "korean food", "korean restaurant", "korean bbq", "korean barbecue"],
        "Greek Food": ["greek", "greek food", "greek restaurant", "taverna"],
        "French Food": ["french food", "french restaurant", "brasserie"],
        "Middle Eastern Food": ["middle eastern", "middle eastern food", "kebab", "shawarma", "falafel", "lebanese"],
        "Turkish Food": ["turkish", "turkish food", "turkish restaurant", "doner", "döner"],
        "Seafood": ["seafood", "seafood restaurant", "fish restaurant", "oyster bar", "fish and chips", "chippy"],
        "Steak House": ["steak house", "steakhouse", "steak"],
        "Vegetarian Food": ["vegetarian", "vegan", "vegetarian restaurant", "vegan restaurant"],
        "BBQ and Southern Food": ["bbq", "barbecue", "barbeque", "smokehouse", "southern food"],
        "Chicken Restaurant": ["chicken", "fried chicken", "chicken wing", "wing"],
        "Sandwich Shop": ["sandwich", "sandwich shop", "sandwich bar"],
        "Breakfast": ["breakfast", "brunch", "breakfast place", "pancake house"],
        "Bakery": ["bakery", "baker", "boulangerie", "bakehouse"],
        "Pastries": ["pastry", "pastry shop", "patisserie", "pâtisserie", "donut", "doughnut", "cake shop"],
        "Ice Cream Shop": [
            "ice cream", "ice cream shop", "ice cream parlor", "ice cream parlour", "gelato", "gelateria",
            "frozen yogurt",
            "froyo",
        ],
        "Creperie": ["creperie", "crêperie", "crepe", "crêpe"],
        "Tapas": ["tapas", "tapas bar"],
        "Brewpub": ["brewpub", "brewery", "microbrewery", "taproom"],
        "Winery": ["winery", "wine estate"],
        "Kosher Food": ["kosher", "kosher restaurant"],

        // MARK: Nightlife Spot
        "Bar or Pub": [
            "bar", "pub", "tavern", "bars and pubs", "bar and pub", "saloon", "beer garden", "biergarten",
            "cocktail bar",
            "wine bar", "gastropub", "public house",
        ],
        "Night Club": ["nightclub", "night club", "disco", "discotheque", "dance club"],
        "Karaoke": ["karaoke", "karaoke bar", "noraebang"],
        "Dancing": ["dance hall", "dancehall", "ballroom"],
        "Jazz Club": ["jazz club", "jazz bar"],
        "Live Music": ["live music", "music venue", "concert venue"],

        // MARK: Shops and Service
        "Grocery": ["grocery", "grocery store", "supermarket", "grocer", "food store", "hypermarket"],
        "Convenience Store": [
            "convenience store", "corner shop", "corner store", "bodega", "minimart", "mini mart", "kiosk", "newsagent",
        ],
        "Pharmacy": ["pharmacy", "chemist", "drugstore", "drug store", "apothecary"],
        "ATM": ["atm", "cash machine", "cashpoint", "cash point", "cash dispenser", "bank machine"],
        "Bank": ["bank"],
        "Gas Station": [
            "gas", "gas station", "petrol", "petrol station", "fuel", "fuel station", "filling station",
            "service station",
        ],
        "Beauty Salon": ["hairdresser", "hair salon", "barber", "barbershop", "beauty salon", "nail salon"],
        "Spa": ["spa", "day spa", "massage", "sauna", "wellness center", "wellness centre"],
        "Laundry": ["laundry", "laundromat", "launderette", "laundrette", "dry cleaner", "dry cleaning"],
        "Bookstore": ["bookstore", "bookshop", "book store", "book shop"],
        "Clothing Store": ["clothing store", "clothes shop", "clothing", "clothes", "apparel", "fashion", "boutique"],
        "Footwear": ["footwear", "shoe", "shoe store", "shoe shop"],
        "Consumer Electronics Store": [
            "electronics", "electronics store", "electronic store", "computer store", "computer shop",
        ],
        "Mobile Phone Shop": ["phone shop", "phone store", "mobile phone shop", "cell phone store"],
        "Furniture Store": ["furniture", "furniture store"],
        "Home Improvement Store": [
            "hardware store", "hardware", "diy", "diy store", "home improvement", "garden center", "garden centre",
            "builders merchant",
        ],
        "Jewelry": ["jewelry", "jewellery", "jeweler", "jeweller", "jewelry store"],
        "Optical": ["optician", "optical", "optometrist", "eyewear"],
        "Department Store": ["department store"],
        "Shopping Center": [
            "mall", "shopping mall", "shopping center", "shopping centre", "shopping plaza", "outlet mall",
        ],
        "Market": ["market", "marketplace", "farmers market", "bazaar", "souk"],
        "Wine and Liquor": [
            "liquor store", "liquor", "off licence", "off license", "off-licence", "bottle shop", "wine shop",
        ],
        "Pet Store": ["pet store", "pet shop", "pet supplies"],
        "Toy Store": ["toy store", "toy shop"],
        "Sporting Goods Store": ["sporting goods", "sports shop", "sports store", "bike shop", "bicycle shop"],
        "Auto Dealership": ["car dealer", "car dealership", "auto dealer", "car showroom"],
        "Used Car Dealership": ["used car dealer", "used car", "used car lot"],
        "Auto Maintenance": ["car repair", "auto repair", "mechanic", "auto service", "car service", "oil change"],
        "Auto Parts": ["auto part", "car part", "auto parts store"],
        "Tire Store": ["tire", "tyre", "tire shop", "tyre shop", "tire store"],
        "Car Wash": ["car wash", "carwash"],
        "Fitness Center": ["gym", "fitness center", "fitness centre", "fitness studio", "health club"],
        "Yoga Studio": ["yoga", "yoga studio"],
        "Beauty Supplies": ["cosmetic", "cosmetic store", "perfumery", "beauty supply", "makeup store"],
        "Butcher": ["butcher", "butcher shop", "butchery", "meat market"],
        "Candy Store": ["candy", "candy store", "sweet shop", "confectionery", "chocolate shop", "chocolatier"],
        "Food and Beverage Shop": ["deli", "delicatessen", "greengrocer", "cheese shop", "health food store"],
        "Office Supplies Store": ["stationery", "stationer", "office supplies", "office supply store"],
        "Specialty Store": ["gift shop", "souvenir shop", "florist", "flower shop", "antique shop", "tobacconist"],
        "Travel Agency": ["travel agency", "travel agent"],
        "Repair Services": ["repair shop", "phone repair", "computer repair"],
        "Motorcycle Shop": ["motorcycle shop", "motorcycle dealer", "motorbike shop"],

        // MARK: Travel and Transport
        "Hotel": ["hotel", "inn"],
        "Motel": ["motel", "motor inn", "motor lodge"],
        "Hostel": ["hostel", "youth hostel", "backpacker hostel"],
        "Bed and Breakfast": ["b&b", "bnb", "b and b", "bed and breakfast", "guest house", "guesthouse"],
        "Resort": ["resort", "holiday resort"],
        "Parking": ["parking", "car park", "parking lot", "parking garage", "parking structure", "parking deck"],
        "EV Charging Station": [
            "ev charger", "charging station", "ev charging", "ev charging station", "electric vehicle charging",
            "charging point", "charge point",
        ],
        "Airport": ["airport", "airfield", "aerodrome"],
        "Train Station": ["railway station", "train station", "rail station", "railroad station"],
        "Metro Station": [
            "metro", "subway", "underground", "metro station", "subway station", "tube station", "u-bahn",
        ],
        "Bus Station": ["bus station", "bus terminal", "coach station"],
        "Bus Stop": ["bus stop"],
        "Taxi": ["taxi", "taxi stand", "taxi rank", "cab", "cab stand"],
        "Rental Cars": ["car rental", "car hire", "rental car", "rent a car"],
        "Ferry": ["ferry", "ferry terminal", "ferry port"],
        "Tourist Information": [
            "tourist information", "tourist info", "tourist office", "visitor center", "visitor centre",
            "information center",
        ],
        "Rest Area": ["rest area", "rest stop", "service area", "motorway services"],
        "Marina": ["marina", "yacht harbor", "boat harbor"],

        // MARK: Arts and Entertainment
        "Museum": ["museum"],
        "Art Museum": ["art museum"],
        "Art Gallery": ["art gallery", "gallery"],
        "Library": ["library", "public library"],
        "Cinema": ["cinema", "movie theater", "movie theatre", "movie", "multiplex", "picture house"],
        "Performing Arts": [
            "theater", "theatre", "playhouse", "concert hall", "opera house", "opera", "performing arts center",
        ],
        "Zoo": ["zoo", "zoological garden", "petting zoo"],
        "Aquarium": ["aquarium"],
        "Amusement Park": ["amusement park", "theme park", "funfair", "fairground", "water park"],
        "Casino": ["casino"],
        "Bowling Alley": ["bowling", "bowling alley", "ten pin bowling"],
        "Billiards": ["billiard", "pool hall", "snooker", "snooker hall"],
        "Tourist Attraction": ["tourist attraction", "attraction", "sight", "sightseeing"],
        "Landmark": ["landmark"],
        "Historical Monument": ["monument", "memorial", "historical monument", "historic monument"],
        "Ruin": ["ruin", "archaeological site"],

        // MARK: Education
        "School": ["school", "primary school", "elementary school", "high school", "secondary school"],
        "College": ["college", "university", "uni", "campus"],
        "Other Education": ["kindergarten", "preschool", "nursery school", "daycare", "language school"],

        // MARK: Professional and Other Places, Residence
        "Hospital": ["hospital", "emergency room"],
        "Medical Clinic": [
            "clinic", "medical clinic", "health center", "health centre", "medical center", "medical centre",
            "urgent care", "walk-in clinic",
        ],
        "Doctor": ["doctor", "gp", "physician", "general practitioner", "doctors office"],
        "Dentist": ["dentist", "dental clinic", "dental office"],
        "Veterinarian": ["vet", "veterinarian", "veterinary", "veterinary clinic", "animal hospital"],
        "Police Station": ["police", "police station", "police department"],
        "Fire Station": ["fire station", "fire department", "fire hall", "firehouse"],
        "Post Office": ["post office"],
        "Public Restroom": [
            "toilet", "restroom", "wc", "public toilet", "public restroom", "bathroom", "lavatory", "loo", "washroom",
        ],
        "City Hall": ["city hall", "town hall", "municipal building"],
        "Court House": ["courthouse", "court house"],
        "Embassy": ["embassy", "consulate"],
        "Government Office": ["government office"],
        "Church": ["church", "chapel", "cathedral", "basilica"],
        "Mosque": ["mosque", "masjid"],
        "Synagogue": ["synagogue", "shul"],
        "Temple": ["temple", "mandir"],
        "Gurdwara": ["gurdwara"],
        "Place of Worship": ["place of worship", "house of worship"],
        "Cemetery": ["cemetery", "graveyard", "burial ground"],
        "Civic Center": ["community center", "community centre", "civic center", "civic centre"],
        "Convention Center": [
            "convention center", "convention centre", "conference center", "conference centre", "exhibition center",
            "exhibition centre",
        ],
        "Nursing Home": ["nursing home", "care home", "retirement home", "assisted living"],
        "Prison": ["prison", "jail", "gaol", "penitentiary"],

        // MARK: Parks and Outdoors, Land and Water Features
        "Park": ["park", "public park"],
        // ArcGIS has no "Playground" category; OSM leisure=playground maps to "Other Parks and Outdoors".
        "Other Parks and Outdoors": ["playground", "picnic area", "picnic site"],
        "Garden": ["botanical garden", "botanic garden"],
        "Nature Reserve": ["nature reserve", "nature preserve"],
        "Beach": ["beach"],
        "Golf Course": ["golf course", "golf", "golf links"],
        "Swimming Pool": ["swimming pool", "pool", "swimming", "swimming bath", "lido", "natatorium"],
        "Sports Center": [
            "sports center", "sports centre", "leisure centre", "leisure center", "sports complex", "stadium", "arena",
        ],
        "Sports Field": ["sports field", "playing field", "athletic field", "sports ground"],
        "Tennis Court": ["tennis", "tennis court"],
        "Soccer": ["soccer field", "soccer pitch", "football pitch"],
        "Basketball": ["basketball", "basketball court"],
        "Ice Skating Rink": ["ice rink", "skating rink", "ice skating"],
        "Campground": ["campground", "campsite", "camp site", "camping", "caravan park", "rv park"],
        "Scenic Overlook": ["viewpoint", "lookout", "overlook", "scenic view", "vista point"],
        "Trail": ["trail", "hiking trail", "walking trail", "footpath"],
        "Ski Resort": ["ski resort", "ski area", "skiing", "ski slope"],
        "Forest": ["forest", "woodland"],
        "Mountain": ["mountain", "peak", "summit"],
        "Lake": ["lake"],
        "Island": ["island"],
        "Waterfall": ["waterfall", "cascade"],
        "Hot Spring": ["hot spring", "thermal spring", "onsen"],
    ]
}
