"""Land Ho! (Explorers & Pirates, seed 002; digest C.1-C.12, F.2): a movement phase after
trade and build, ships with movement points that carry settlers and discover the face-down
areas (the general exploration rule), harbour settlements, and gold."""
